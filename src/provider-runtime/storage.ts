import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of the regular files below `dir`, counting stops once past `limit` (a runaway index stays cheap to measure). */
export async function directoryBytes(dir: string, limit: number): Promise<number> {
  let total = 0;
  async function walk(path: string): Promise<void> {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (total > limit) return;
      const child = join(path, entry.name);
      if (entry.isDirectory()) await walk(child);
      else total += (await lstat(child)).size;
    }
  }
  await walk(dir);
  return total;
}
