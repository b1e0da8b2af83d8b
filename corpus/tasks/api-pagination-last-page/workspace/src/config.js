export const config = Object.freeze({
  port: Number(process.env.PORT ?? 3000),
  pagination: Object.freeze({
    defaultPageSize: 10,
    maxPageSize: 50,
  }),
});
