/** The queue of events waiting to be sent, oldest first, bounded by `maxSize` (oldest dropped). */
export class EventBuffer {
  #events = [];
  #maxSize;
  dropped = 0;

  constructor(maxSize) {
    this.#maxSize = maxSize;
  }

  get size() {
    return this.#events.length;
  }

  push(event) {
    this.#events.push(event);
    if (this.#events.length > this.#maxSize) {
      this.#events.shift();
      this.dropped += 1;
    }
  }

  /** Removes and returns up to `count` of the oldest events. */
  take(count) {
    return this.#events.splice(0, count);
  }

  /** Puts events back at the front, ahead of anything queued since they were taken. */
  putBack(events) {
    this.#events.unshift(...events);
  }
}
