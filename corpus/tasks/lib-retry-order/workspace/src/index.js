export { createQueue } from './queue.js';
export { mapConcurrent } from './map.js';
export { retry } from './retry.js';
export { sleep } from './timers.js';
export { withTimeout } from './timeout.js';
export { backoffDelay } from './backoff.js';
export { RetryError, QueueClearedError, TimeoutError } from './errors.js';
