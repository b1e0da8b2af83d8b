import { CrossoverError } from '../contracts/errors.js';

/** Statistics validate their arguments eagerly: a wrong input is an error, never a silent 0. */
function refuse(name: string, expected: string, value: unknown): never {
  throw new CrossoverError('invalid-input', `${name}: expected ${expected}, got ${String(value)}`);
}

export function requireCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) refuse(name, 'a non-negative integer', value);
}

/** A probability in [0, 1], such as a p-value. */
export function requireProbability(value: number, name: string): void {
  if (!(value >= 0 && value <= 1)) refuse(name, 'a number in [0, 1]', value);
}

/** A level strictly inside (0, 1), such as α or a confidence. */
export function requireLevel(value: number, name: string): void {
  if (!(value > 0 && value < 1)) refuse(name, 'a number strictly between 0 and 1', value);
}

/** A paired difference of two success rates, in [−1, 1]. */
export function requireDifference(value: number, name: string): void {
  if (!(value >= -1 && value <= 1)) refuse(name, 'a number in [-1, 1]', value);
}
