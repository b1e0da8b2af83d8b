import type { Task } from '../contracts/corpus.js';
import type { BrowserPlace } from '../contracts/environment.js';

/** What grading needs of a task: its definition and its directory (checks/ lives there). */
export interface GradedTask {
  task: Task;
  /** absolute directory of the task */
  dir: string;
  /** its environment (its own or its corpus's): where its browser checks run; absent: on the host */
  environment?: { browser: BrowserPlace } | undefined;
}
