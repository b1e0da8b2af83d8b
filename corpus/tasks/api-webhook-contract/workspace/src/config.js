export const config = {
  port: Number(process.env.PORT ?? 3060),
  webhooks: {
    secret: process.env.WEBHOOK_SECRET ?? 'whsec_dev_only',
    toleranceSeconds: 300,
    maxBodyBytes: 256 * 1024,
  },
};
