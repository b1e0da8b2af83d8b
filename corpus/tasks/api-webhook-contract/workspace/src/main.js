import { createServer } from './server.js';
import { config } from './config.js';

const server = createServer();
server.listen(config.port, () => {
  console.log(`billing webhooks listening on http://localhost:${config.port}`);
});
