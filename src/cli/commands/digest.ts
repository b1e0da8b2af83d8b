import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { treeDigest } from '../../io/tree.js';
import type { Command } from '../command.js';

export const digestCommand: Command = {
  usage: 'digest <dir>',
  async run(argv, io) {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const [dir] = positionals;
    if (!dir) throw new CrossoverError('invalid-input', 'expected a directory');
    io.out(`${await treeDigest(resolve(io.cwd, dir))}\n`);
    return 0;
  },
};
