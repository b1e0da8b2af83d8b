/**
 * In-memory request counters, one fixed window per key.
 *
 * A key's window opens with its first hit and lasts `windowMs`; the first hit
 * at or after `resetAt` opens a new window.
 */
export class WindowCounterStore {
  #windows = new Map();
  #hitsSincePrune = 0;

  /**
   * Records one hit for `key` at time `now`.
   * Returns the number of hits in the current window (this one included) and
   * when the window ends.
   */
  hit(key, now, windowMs) {
    this.#maybePrune(now);
    let window = this.#windows.get(key);
    if (!window || now >= window.resetAt) {
      window = { count: 0, resetAt: now + windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return { hits: window.count, resetAt: window.resetAt };
  }

  size() {
    return this.#windows.size;
  }

  /** Drops expired windows now and then so idle clients do not pile up. */
  #maybePrune(now) {
    this.#hitsSincePrune += 1;
    if (this.#hitsSincePrune < 1000) return;
    this.#hitsSincePrune = 0;
    for (const [key, window] of this.#windows) {
      if (now >= window.resetAt) this.#windows.delete(key);
    }
  }
}
