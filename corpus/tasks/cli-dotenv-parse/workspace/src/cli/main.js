import { parseArgs, UsageError } from './args.js';
import { diffCommand } from './commands/diff.js';
import { printCommand } from './commands/print.js';
import { validateCommand } from './commands/validate.js';

const COMMANDS = { validate: validateCommand, print: printCommand, diff: diffCommand };

export const USAGE = `usage: envcheck <command> [options]

  validate <file...> [--schema file]                 check that the files parse (and satisfy the schema)
  print <file...> [--format dotenv|json|shell] [--schema file]
                                                     print the merged variables
  diff <before> <after>                              what changes between two files
`;

/** Runs the CLI in-process; returns the exit code. `io`: { stdout, stderr, readFile }. */
export function main(argv, io) {
  try {
    const args = parseArgs(argv);
    if (args.options.help || args.command === undefined || args.command === 'help') {
      io.stdout.write(USAGE);
      return 0;
    }
    const command = COMMANDS[args.command];
    if (!command) throw new UsageError(`unknown command ${args.command}`);
    return command(args, io);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`envcheck: ${err.message}\n${USAGE}`);
    return 2;
  }
}
