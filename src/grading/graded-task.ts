import type { Task } from '../contracts/corpus.js';

/** What grading needs of a task: its definition and its directory (checks/ lives there). */
export interface GradedTask {
  task: Task;
  /** absolute directory of the task */
  dir: string;
}
