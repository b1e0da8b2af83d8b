import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { prettyJson } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { writeFileAtomic } from './atomic.js';

/** Reads a JSON artifact and validates it, naming the file in every error. */
export async function readArtifact<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${path}: cannot read (${error.code ?? error.message})`);
  });
  return parseWith(schema, parseJsonText(text, path), path);
}

/** Writes an artifact as pretty, key-sorted JSON, atomically. */
export async function writeArtifact(path: string, value: unknown): Promise<void> {
  await writeFileAtomic(path, prettyJson(value));
}
