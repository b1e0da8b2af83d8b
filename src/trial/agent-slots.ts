/**
 * Bounds how many agents of one task file run at once, first come first served. The bound is the
 * run's concurrency (agents mostly wait on a model API, so it is about the API and memory, not
 * CPU); a trial holds its slot from its fresh workspace to its agent's end, and grades after it
 * has let go, so the next agent starts while this one's checks run under the grading slots.
 */
export class AgentSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly capacity: number) {
    this.free = capacity;
  }

  /** The same bound as one trial sees it: `onSlot` is told when that trial's turn comes (its own time starts). */
  forTrial(onSlot: () => void): AgentSlots {
    const view = Object.create(this) as AgentSlots;
    view.run = (work) =>
      this.run(() => {
        onSlot();
        return work();
      });
    return view;
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
