import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { type ArtifactName, artifactNames, jsonSchemaOf } from '../../contracts/registry.js';
import type { Command } from '../command.js';

export const schemaCommand: Command = {
  usage: `schema <${artifactNames().join('|')}>`,
  async run(argv, io) {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const [name] = positionals;
    const names = artifactNames();
    if (!name || !(names as string[]).includes(name)) {
      throw new CrossoverError(
        'invalid-input',
        `expected one artifact name: ${names.join(', ')}${name ? `; got "${name}"` : ''}`,
      );
    }
    io.out(`${JSON.stringify(jsonSchemaOf(name as ArtifactName), null, 2)}\n`);
    return 0;
  },
};
