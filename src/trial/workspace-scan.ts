import { createHash } from 'node:crypto';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TreeEntry } from '../contracts/tree.js';

export interface WorkspaceScan {
  /** regular files left by the agent, for the diff against the snapshot */
  files: TreeEntry[];
  /** symlinks and special files: never followed or read here (the grader refuses them) */
  others: string[];
}

/**
 * Lists what an agent left in its workspace without following links or opening anything but
 * regular files: unlike readTree, a hostile tree is expected here, not an error.
 */
export async function scanWorkspace(workspace: string): Promise<WorkspaceScan> {
  const files: TreeEntry[] = [];
  const others: string[] = [];
  async function walk(relative: string): Promise<void> {
    const names = (await readdir(join(workspace, relative))).sort();
    for (const name of names) {
      const path = relative ? `${relative}/${name}` : name;
      const absolute = join(workspace, path);
      const stats = await lstat(absolute);
      if (stats.isDirectory()) await walk(path);
      else if (stats.isFile()) {
        const sha256 = createHash('sha256')
          .update(await readFile(absolute))
          .digest('hex');
        files.push({ path, executable: (stats.mode & 0o111) !== 0, sha256 });
      } else others.push(path);
    }
  }
  await walk('');
  return { files, others };
}
