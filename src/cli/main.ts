// Before any schema is built: see the module.
import '../contracts/zod-config.js';
import { CrossoverError, type ErrorCode } from '../contracts/errors.js';
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

const processIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
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
