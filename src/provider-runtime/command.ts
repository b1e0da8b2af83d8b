import { resolve } from 'node:path';
import { isPathArgument } from '../io/paths.js';

/** Commands and arguments that are path arguments are relative to the declaring file's directory. */
function fromBase(value: string, baseDir: string): string {
  return isPathArgument(value) ? resolve(baseDir, value) : value;
}

/** A declared command line with its relative paths made absolute, ready to spawn. */
export function resolveCommand(
  command: string,
  args: readonly string[],
  baseDir: string,
): { command: string; args: string[] } {
  return { command: fromBase(command, baseDir), args: args.map((arg) => fromBase(arg, baseDir)) };
}
