import { getPath } from '../utils/paths.js';
import { UsageError } from '../utils/errors.js';
import { loadContext } from './context.js';

export const configCommand = {
  summary: 'print the resolved configuration (--get <key> for one value)',
  async run(args, { io }) {
    const { options, config } = await loadContext(args, io);
    if (options.get !== undefined) {
      if (typeof options.get !== 'string') throw new UsageError('--get needs a key, e.g. --get server.port');
      const value = getPath(config, options.get.split('.'));
      if (value === undefined) throw new UsageError(`unknown config key "${options.get}"`);
      io.stdout.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`);
      return 0;
    }
    io.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
    return 0;
  },
};
