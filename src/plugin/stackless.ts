import { inspect } from 'node:util';

/**
 * Runs `make` with V8 capturing no stack frames for the errors made meanwhile. Vitest captures a
 * stack for every annotation (to find the test file's line, which the harness's trials never have:
 * their functions live in the harness) and for every failed assertion (whose frames point only into
 * the harness); mapping and parsing those frames cost milliseconds of CPU a trial for nothing shown.
 * `make` must be synchronous: the limit is V8's, for all code, and is restored before anything else runs.
 */
export function withoutStackFrames<T>(make: () => T): T {
  const frames = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = frames;
  }
}

/**
 * Why a run stopped before any trial (a blocked plan, another run holding it), thrown where Vitest
 * prints it: with no stack (nothing of it is in the user's code), and shown by its message alone
 * where Vitest inspects what was thrown.
 */
export class StoppedRun extends Error {
  [inspect.custom](): string {
    return this.message;
  }
}

/** A StoppedRun made without stack frames. */
export function stoppedRun(message: string): StoppedRun {
  return withoutStackFrames(() => new StoppedRun(message));
}
