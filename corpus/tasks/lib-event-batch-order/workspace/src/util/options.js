const DEFAULTS = {
  maxBatchSize: 50,
  flushIntervalMs: 5000,
  maxQueueSize: 10_000,
  retries: 2,
  retryDelayMs: 250,
  clock: Date.now,
};

function positiveInteger(options, name, { allowZero = false } = {}) {
  const value = options[name];
  const ok = Number.isInteger(value) && (allowZero ? value >= 0 : value > 0);
  if (!ok) throw new TypeError(`${name} must be ${allowZero ? 'a non-negative' : 'a positive'} integer, got ${JSON.stringify(value)}`);
}

/** Tracker options with defaults filled in; throws TypeError for a bad one. */
export function resolveOptions(input = {}) {
  const options = { ...DEFAULTS, ...input };
  if (typeof options.transport !== 'function') throw new TypeError('transport must be a function (events) => Promise');
  positiveInteger(options, 'maxBatchSize');
  positiveInteger(options, 'maxQueueSize');
  positiveInteger(options, 'flushIntervalMs', { allowZero: true });
  positiveInteger(options, 'retries', { allowZero: true });
  positiveInteger(options, 'retryDelayMs', { allowZero: true });
  return options;
}
