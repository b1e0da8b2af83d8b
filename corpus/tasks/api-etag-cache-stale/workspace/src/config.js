export const config = Object.freeze({
  port: Number(process.env.PORT ?? 3002),
  maxBodyBytes: 64 * 1024,
  cache: Object.freeze({ maxEntries: 1000 }),
});
