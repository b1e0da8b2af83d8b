import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError } from '../../contracts/errors.js';
import { writeNewFileAtomic } from '../../io/atomic.js';

/**
 * Writes new files below `root` (paths relative to it), never over one: when any exists, nothing
 * is written and the refusal names each. Returns the paths written, in order.
 */
export async function writeScaffold(
  root: string,
  files: Readonly<Record<string, string>>,
  executable: readonly string[] = [],
): Promise<string[]> {
  const existing = Object.keys(files).filter((path) => existsSync(join(root, path)));
  if (existing.length > 0)
    throw new CrossoverError(
      'conflict',
      `nothing was written: ${existing.join(', ')} ${existing.length === 1 ? 'exists' : 'exist'} already (move ${existing.length === 1 ? 'it' : 'them'} away, or write the rest by hand)`,
    );
  for (const [path, text] of Object.entries(files)) {
    await writeNewFileAtomic(join(root, path), text);
    if (executable.includes(path)) await chmod(join(root, path), 0o755);
  }
  return Object.keys(files);
}
