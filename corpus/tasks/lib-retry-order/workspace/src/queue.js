import { abortReason, onAbort } from './abort.js';
import { QueueClearedError } from './errors.js';

function assertConcurrency(concurrency) {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
}

/** A FIFO task queue running at most `concurrency` tasks at a time. See the README. */
export function createQueue({ concurrency = 1 } = {}) {
  assertConcurrency(concurrency);
  const waiting = [];
  const running = [];
  let idleWaiters = [];

  function notifyIfIdle() {
    if (waiting.length > 0 || running.length > 0) return;
    for (const resolve of idleWaiters) resolve();
    idleWaiters = [];
  }

  function startNext() {
    while (running.length < concurrency && waiting.length > 0) start(waiting.shift());
  }

  function start(job) {
    job.detach();
    running.push(job);
    // Run on a later tick so a task that throws synchronously still rejects its promise.
    Promise.resolve()
      .then(() => job.task({ signal: job.signal }))
      .then(
        (value) => complete((finished) => finished.resolve(value)),
        (error) => complete((finished) => finished.reject(error)),
      );
  }

  function complete(settle) {
    const finished = running.shift();
    settle(finished);
    startNext();
    notifyIfIdle();
  }

  function drop(job, reason) {
    const index = waiting.indexOf(job);
    if (index === -1) return;
    waiting.splice(index, 1);
    job.detach();
    job.reject(reason);
    notifyIfIdle();
  }

  return {
    add(task, { signal } = {}) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const job = { task, signal, resolve, reject, detach: () => {} };
        job.detach = onAbort(signal, (reason) => drop(job, reason));
        waiting.push(job);
        startNext();
      });
    },

    onIdle() {
      if (waiting.length === 0 && running.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    clear() {
      for (const job of [...waiting]) drop(job, new QueueClearedError());
    },

    get size() {
      return waiting.length;
    },

    get pending() {
      return running.length;
    },
  };
}
