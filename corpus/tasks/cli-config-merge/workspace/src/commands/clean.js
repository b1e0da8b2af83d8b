import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadContext } from './context.js';

export const cleanCommand = {
  summary: 'remove the output directory',
  async run(args, { io, logger }) {
    const { config } = await loadContext(args, io);
    await rm(join(io.cwd, config.build.outDir), { recursive: true, force: true });
    logger.info(`removed ${config.build.outDir}`);
    return 0;
  },
};
