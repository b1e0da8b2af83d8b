import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The package's public entry point, as a user of the library imports it. */
export function loadLibrary(workspace) {
  return import(pathToFileURL(join(workspace, 'src/index.js')).href);
}

/** A promise the check settles by hand, so completion order is chosen, not timed. */
export function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise reaction and zero-delay timer run. */
export function settle() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves with the promise's outcome instead of throwing, for asserting on rejections. */
export function outcome(promise) {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason) => ({ status: 'rejected', reason }),
  );
}
