const DEFAULTS = {
  port: 8080,
  baseUrl: 'http://localhost:8080',
  rateLimit: { limit: 60, windowMs: 60_000 },
};

function intFrom(value, fallback) {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Reads the service configuration from environment variables, falling back to defaults. */
export function loadConfig(env) {
  return {
    port: intFrom(env.PORT, DEFAULTS.port),
    baseUrl: env.BASE_URL || DEFAULTS.baseUrl,
    rateLimit: {
      limit: intFrom(env.RATE_LIMIT, DEFAULTS.rateLimit.limit),
      windowMs: intFrom(env.RATE_LIMIT_WINDOW_MS, DEFAULTS.rateLimit.windowMs),
    },
  };
}

export function withDefaults(options = {}) {
  return {
    ...DEFAULTS,
    ...options,
    rateLimit: { ...DEFAULTS.rateLimit, ...(options.rateLimit ?? {}) },
  };
}
