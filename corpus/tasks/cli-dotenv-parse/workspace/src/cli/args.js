/** A wrong command line; main answers it with the usage text and exit code 2. */
export class UsageError extends Error {}

const VALUE_OPTIONS = new Set(['--schema', '--format']);
const FLAGS = new Set(['--help']);

/** argv → { command, files, options }. Accepts `--opt value` and `--opt=value`. */
export function parseArgs(argv) {
  const hasCommand = argv.length > 0 && !argv[0].startsWith('--');
  const command = hasCommand ? argv[0] : undefined;
  const rest = hasCommand ? argv.slice(1) : argv;
  const files = [];
  const options = {};
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    const [name, inline] = arg.split(/=(.*)/s);
    if (FLAGS.has(name)) {
      options[name.slice(2)] = true;
    } else if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? rest[(i += 1)];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      options[name.slice(2)] = value;
    } else {
      throw new UsageError(`unknown option ${name}`);
    }
  }
  return { command, files, options };
}
