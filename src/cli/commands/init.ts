import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import type { Command } from '../command.js';
import { NEXT_STEPS, projectFiles } from '../scaffold/project.js';
import { writeScaffold } from '../scaffold/write.js';

/**
 * `crossover init`: a Crossover project in the working directory (never the project above it):
 * a corpus with one example task, a command-agent stub, an exploratory experiment, its prompt
 * template and a vitest.config.ts. Nothing is written over an existing file.
 */
export const initCommand: Command = {
  usage: 'init',
  async run(argv, io) {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    if (positionals.length > 0)
      throw new CrossoverError('invalid-input', `unexpected argument "${positionals[0]}"; usage: crossover init`);
    const { files, executable } = projectFiles();
    const written = await writeScaffold(io.cwd, files, executable);
    io.out(`${written.map((path) => `wrote ${path}`).join('\n')}\n\nnext:\n  ${NEXT_STEPS.join('\n  ')}\n`);
    return 0;
  },
};
