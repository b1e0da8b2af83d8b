import { systemClock } from './utils/clock.js';

const DEFAULTS = {
  bodyLimitBytes: 64 * 1024,
  idempotencyTtlHours: 24,
  processorLatencyMs: 0,
  accessLog: false,
};

/** Options accepted by createServer/createApp, with their defaults filled in. */
export function loadConfig(options = {}) {
  return {
    ...DEFAULTS,
    ...options,
    clock: options.clock ?? systemClock,
  };
}
