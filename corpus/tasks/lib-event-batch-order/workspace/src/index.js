export { createTracker } from './tracker.js';
export { httpTransport, memoryTransport } from './delivery/transports.js';
