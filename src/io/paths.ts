import { isAbsolute, relative, sep } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';

/**
 * `target` as a posix path relative to `root` ("." for the root itself). Plans hold no absolute
 * paths, so a file outside the root cannot be bound; `what` names it in the error.
 */
export function rootRelative(root: string, target: string, what: string): string {
  const rel = relative(root, target);
  if (rel === '') return '.';
  if (rel.startsWith('..') || isAbsolute(rel)) {
    throw new CrossoverError(
      'invalid-input',
      `${what}: ${target} is outside the project root ${root} (a plan binds only root-relative paths)`,
    );
  }
  return rel.split(sep).join('/');
}

/** A command argument that names a file relative to the experiment: it starts with "./" or "../". */
export function isPathArgument(arg: string): boolean {
  return /^\.{1,2}\//.test(arg);
}
