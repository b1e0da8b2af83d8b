import { relative, resolve, sep } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import type { Provider } from '../contracts/provider.js';
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

/**
 * The declaration as it is placed in a project: its "./" and "../" command paths rewritten relative
 * to the project root, so the same text declared in another directory (or naming another file) is
 * another declaration. A probe record carries its digest, and a plan reads only a record whose
 * digest is its own declaration's.
 */
export function placedDeclarationDigest(provider: Provider, baseDir: string, root: string): string {
  const place = (value: string) =>
    isPathArgument(value) ? `./${relative(root, resolve(baseDir, value)).split(sep).join('/')}` : value;
  const placed = (declared: { command: string; args?: readonly string[] }) => ({
    ...declared,
    command: place(declared.command),
    ...(declared.args ? { args: declared.args.map(place) } : {}),
  });
  const iface = provider.interface;
  return digestOf({
    ...provider,
    interface: iface.type === 'mcp-stdio' || iface.type === 'cli' ? placed(iface) : iface,
    ...(provider.index ? { index: placed(provider.index) } : {}),
    ...(provider.setup ? { setup: placed(provider.setup) } : {}),
  });
}
