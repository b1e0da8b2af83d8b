import { CrossoverError } from '../../contracts/errors.js';
import type { Command } from '../command.js';
import { VERIFY_USAGE, verify } from './corpus-verify.js';

const USAGE = VERIFY_USAGE;

export const corpusCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'verify')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: verify${sub ? `; got "${sub}"` : ''}; usage: crossover ${USAGE}`,
      );
    return verify(rest, io);
  },
};
