import { createServer } from './server.js';

const port = Number(process.env.PORT ?? 4242);
createServer({ accessLog: true }).listen(port, '127.0.0.1', () => {
  console.log(`paylane test-mode API on http://127.0.0.1:${port}`);
});
