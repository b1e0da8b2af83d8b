export const config = {
  port: Number(process.env.PORT ?? 3050),
  sessions: {
    lifetimeMs: 12 * 60 * 60 * 1000,
  },
  cache: {
    sessionTtlMs: 5 * 60 * 1000,
    profileTtlMs: 60 * 1000,
  },
  passwords: {
    minLength: 8,
  },
  profile: {
    maxDisplayName: 40,
  },
};
