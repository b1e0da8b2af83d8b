// Before any schema is built: see the module.
import '../contracts/zod-config.js';
import { CrossoverError, type ErrorCode } from '../contracts/errors.js';
import { projectRoot, rootedArgv } from '../io/project-root.js';
import { type CliIo, EXIT_BLOCKED } from './command.js';
import { COMMANDS } from './commands/index.js';

const EXIT_CODES: Record<ErrorCode, number> = {
  'invalid-input': 2,
  'not-found': 2,
  conflict: 3,
  drift: 4,
  blocked: EXIT_BLOCKED,
  refused: 6,
  infrastructure: 1,
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return [
    'Usage: crossover <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `crossover <command> --help` for its options.',
    '',
  ].join('\n');
}

/** Commands that act on the directory they are typed in, never on a project above it. */
const HERE_COMMANDS = new Set(['init']);

/**
 * The process's own output, and the project the command acts on: the nearest Crossover project at
 * or above the working directory, with path arguments typed below it made relative to it.
 */
function processIo(argv: string[]): { io: CliIo; argv: string[] } {
  const here = process.cwd();
  const root = HERE_COMMANDS.has(argv[0] ?? '') ? here : projectRoot(here);
  return {
    io: { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text), cwd: root },
    argv: rootedArgv(argv, here, root),
  };
}

/** `crossover <argv>` as the bin runs it: in the project the working directory lies in. */
export function mainInProject(argv: string[]): Promise<number> {
  const { io, argv: rooted } = processIo(argv);
  return main(rooted, io);
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? 2 : 0;
  }
  // Own keys only: "constructor" or "toString" are not commands.
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!entry) {
    io.err(`crossover: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: crossover ${command.usage}\n\n${entry.summary}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CrossoverError) {
      io.err(`crossover ${name}: ${error.message}\n`);
      return EXIT_CODES[error.code];
    }
    if (error instanceof TypeError && (error as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      io.err(`crossover ${name}: ${error.message}\nUsage: crossover ${command.usage}\n`);
      return 2;
    }
    throw error;
  }
}
