import { parseArgv } from './cli/argv.js';
import { commands } from './cli/commands.js';
import { helpText } from './cli/help.js';
import { SitegenError, UsageError } from './utils/errors.js';
import { createLogger } from './utils/logger.js';

/**
 * Runs the CLI. `io` carries everything the process would otherwise provide,
 * so the CLI can run in-process: `{ stdout, stderr, env, cwd }`.
 * Resolves with the exit code.
 */
export async function main(argv, io) {
  const logger = createLogger(io);
  try {
    const args = parseArgv(argv);
    if (args.flags.help || args.command === undefined) {
      io.stdout.write(helpText());
      return args.command === undefined && !args.flags.help ? 2 : 0;
    }
    const command = commands[args.command];
    if (!command) throw new UsageError(`unknown command "${args.command}"`);
    return (await command.run(args, { io, logger })) ?? 0;
  } catch (err) {
    if (err instanceof UsageError) {
      logger.error(err.message);
      logger.error('run "sitegen --help" for usage');
      return 2;
    }
    if (err instanceof SitegenError) {
      logger.error(err.message);
      return 1;
    }
    throw err;
  }
}
