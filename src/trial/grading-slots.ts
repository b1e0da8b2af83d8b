import { availableParallelism } from 'node:os';

/**
 * Bounds how many trials of one process grade at once. Agents mostly wait on a model API, so many
 * run together; grading is CPU-bound (a Node process per check, Chromium pages), and a check that
 * times out fails the trial. Left unbounded, a busy machine would turn its own overload into agent
 * failures; bounded, extra trials wait for a slot instead of racing their checks' timeouts.
 */
export class GradingSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly capacity: number) {
    this.free = capacity;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/** One slot per two cores per process: Vitest runs a worker process per core. */
export const gradingSlots = new GradingSlots(Math.max(1, Math.floor(availableParallelism() / 2)));
