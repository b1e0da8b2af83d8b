import { UsageError } from '../utils/errors.js';

/**
 * Splits argv into a command, positional arguments and raw flags.
 *
 * Flags are `--name value`, `--name=value`, a bare `--name` (true) or
 * `--no-name` (false). Values stay strings here; config coercion gives
 * them their types.
 */
export function parseArgv(argv) {
  const positionals = [];
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg !== '-') throw new UsageError(`short options are not supported: ${arg}`);
      positionals.push(arg);
      continue;
    }
    const body = arg.slice(2);
    const eq = body.indexOf('=');
    if (eq !== -1) {
      flags[body.slice(0, eq)] = body.slice(eq + 1);
    } else if (body.startsWith('no-')) {
      flags[body.slice(3)] = false;
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) {
      flags[body] = argv[i + 1];
      i += 1;
    } else {
      flags[body] = true;
    }
  }
  const [command, ...rest] = positionals;
  return { command, positionals: rest, flags };
}
