export const config = Object.freeze({
  port: Number(process.env.PORT ?? 3001),
  maxBodyBytes: 16 * 1024,
  limits: Object.freeze({
    emailMax: 254,
    passwordMin: 8,
    passwordMax: 128,
    displayNameMax: 40,
    bioMax: 280,
  }),
});
