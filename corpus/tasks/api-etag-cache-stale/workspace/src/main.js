import { createServer } from './server.js';
import { config } from './config.js';

createServer().listen(config.port, () => {
  console.log(`taskboard-api listening on http://localhost:${config.port}`);
});
