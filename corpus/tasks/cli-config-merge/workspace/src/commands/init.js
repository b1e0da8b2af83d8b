import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CONFIG_FILE } from '../config/sources/file.js';
import { SitegenError } from '../utils/errors.js';
import { splitFlags } from '../cli/options.js';

const STARTER_CONFIG = {
  site: { title: 'My Site', baseUrl: '/' },
};

const STARTER_POST = `---
title: Hello, world
date: 2024-01-01
---

This is your first post. Edit \`content/hello-world.md\` to change it.
`;

export const initCommand = {
  summary: 'create a starter config file and content directory',
  async run(args, { io, logger }) {
    const { command } = splitFlags(args.flags);
    const configPath = join(io.cwd, DEFAULT_CONFIG_FILE);
    try {
      await writeFile(configPath, `${JSON.stringify(STARTER_CONFIG, null, 2)}\n`, { flag: command.force ? 'w' : 'wx' });
    } catch (err) {
      if (err.code === 'EEXIST') throw new SitegenError(`${DEFAULT_CONFIG_FILE} already exists (use --force to overwrite)`);
      throw err;
    }
    await mkdir(join(io.cwd, 'content'), { recursive: true });
    await writeFile(join(io.cwd, 'content', 'hello-world.md'), STARTER_POST, { flag: 'wx' }).catch((err) => {
      if (err.code !== 'EEXIST') throw err;
    });
    logger.info(`created ${DEFAULT_CONFIG_FILE} and content/hello-world.md`);
    return 0;
  },
};
