import { createServer } from './server.js';
import { loadConfig } from './config.js';

const config = loadConfig(process.env);
const server = createServer(config);

server.listen(config.port, () => {
  console.log(`shortlink-api listening on :${config.port}`);
});
