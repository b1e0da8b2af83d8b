import { createServer } from './server.js';

const port = Number.parseInt(process.env.PORT ?? '8080', 10);
createServer().listen(port, () => {
  console.log(`storefront-api listening on :${port}`);
});
