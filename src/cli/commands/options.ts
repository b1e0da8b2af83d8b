import { CrossoverError } from '../../contracts/errors.js';

/** A whole number of at least 1 from a command-line option, or a refusal naming the option. */
export function positiveInteger(raw: string, flag: string): number {
  if (!/^[1-9][0-9]*$/.test(raw))
    throw new CrossoverError('invalid-input', `${flag}: expected a whole number of at least 1, got "${raw}"`);
  return Number(raw);
}
