import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Provider } from '../contracts/provider.js';
import type { LoadedTask } from '../corpus/load.js';
import { STATE_DIR } from '../io/layout.js';
import { buildTaskIndex, indexRevisionMatches } from '../probe/context-index.js';
import { taskSnapshot } from '../trial/workspace.js';

/**
 * The provider's index of this task's own snapshot (never one provider-wide index), built once and
 * reused while its recorded revision still matches the task. Returns the index directory the
 * provider's server reads through CROSSOVER_INDEX_DIR.
 */
export async function ensureTaskIndex(input: {
  root: string;
  provider: Provider;
  baseDir: string;
  task: LoadedTask;
}): Promise<string> {
  const { root, provider, task } = input;
  const indexDir = join(root, STATE_DIR, 'cache', 'indexes', provider.id, task.digest.replace(/^sha256:/, ''));
  if (await indexRevisionMatches(indexDir, task.parts.workspace)) return indexDir;
  await rm(indexDir, { recursive: true, force: true });
  const snapshot = await taskSnapshot(root, task);
  await buildTaskIndex(provider, snapshot, indexDir, process.env, { baseDir: input.baseDir });
  return indexDir;
}
