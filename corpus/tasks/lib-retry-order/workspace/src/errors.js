/** Every attempt of a `retry` failed; `errors[i]` is the failure of attempt i + 1. */
export class RetryError extends Error {
  constructor(errors) {
    super(`failed after ${errors.length} attempts: ${errors.at(-1)?.message ?? 'unknown error'}`, { cause: errors.at(-1) });
    this.name = 'RetryError';
    this.errors = errors;
  }
}

export class QueueClearedError extends Error {
  constructor() {
    super('the queue was cleared before this task started');
    this.name = 'QueueClearedError';
  }
}

export class TimeoutError extends Error {
  constructor(ms) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}
