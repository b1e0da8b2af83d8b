import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type LoadedTask, loadTask } from './load.js';

/**
 * Where an import builds a task: `tasks/.staging-<random>/<id>/`, which corpus loading skips (a dot
 * name), loaded there to prove it whole, then renamed into `tasks/<id>/` in one step, so a corpus
 * never holds half a task, however the import ends.
 */
export class TaskStaging {
  readonly dir: string;
  private readonly parent: string;

  constructor(
    corpusDir: string,
    readonly id: string,
  ) {
    this.parent = join(corpusDir, 'tasks', `.staging-${randomBytes(6).toString('hex')}`);
    this.dir = join(this.parent, id);
  }

  /** The task's final place, refused when a task already holds it. */
  static async free(corpusDir: string, id: string, what: string): Promise<string> {
    const final = join(corpusDir, 'tasks', id);
    if (await stat(final).catch(() => null)) throw new CrossoverError('conflict', `${final}: already exists; ${what}`);
    return final;
  }

  async create(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return this.dir;
  }

  /** Loads the built task (it must be whole) and moves it into its place; returns it as loaded there. */
  async commit(corpusDir: string): Promise<LoadedTask> {
    await loadTask(this.dir);
    const final = await TaskStaging.free(corpusDir, this.id, 'another import wrote it meanwhile');
    await rename(this.dir, final);
    return loadTask(final);
  }

  async discard(): Promise<void> {
    await rm(this.parent, { recursive: true, force: true });
  }
}
