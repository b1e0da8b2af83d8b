import { join } from 'node:path';
import { startPreviewServer } from '../serve/server.js';
import { loadContext } from './context.js';

export const serveCommand = {
  summary: 'serve the output directory for local preview',
  async run(args, { io, logger }) {
    const { config } = await loadContext(args, io);
    const { host, port } = config.server;
    const server = await startPreviewServer(join(io.cwd, config.build.outDir), { host, port });
    logger.info(`serving ${config.build.outDir} at http://${host}:${server.address().port}/`);
    if (config.server.open) logger.info('open the address above in your browser');
    await new Promise((resolve) => server.once('close', resolve));
    return 0;
  },
};
