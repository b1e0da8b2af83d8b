import { createServer } from './server.js';
import { config } from './config.js';

createServer().listen(config.port, () => {
  console.log(`branchline-library-api listening on http://localhost:${config.port}`);
});
