export const config = {
  port: Number(process.env.PORT ?? 3040),
  currency: 'EUR',
  shipping: {
    flatRate: 495,
    freeFrom: 6000,
  },
  orders: {
    maxLines: 50,
    maxQuantity: 99,
  },
};
