import { createServer } from './server.js';
import { config } from './config.js';

const server = createServer();
server.listen(config.port, () => {
  console.log(`shelf-catalogue-api listening on http://localhost:${config.port}`);
});
