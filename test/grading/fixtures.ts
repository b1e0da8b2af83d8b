import { join } from 'node:path';
import { type LoadedTask, loadTask } from '../../src/corpus/load.js';
import { materializeTree } from '../../src/corpus/materialize.js';
import { tempDir } from '../helpers/temp.js';

export const FIXTURE_TASKS = join(import.meta.dirname, '../../fixtures/tasks');

export function fixtureTask(id: string): Promise<LoadedTask> {
  return loadTask(join(FIXTURE_TASKS, id));
}

/**
 * A fresh workspace for a fixture task: its starting tree plus the named overlays (reference,
 * decoys/x), under `parent` (by default a temp dir removed when the test ends).
 */
export async function fixtureWorkspace(task: LoadedTask, overlays: string[] = [], parent?: string): Promise<string> {
  const workspace = join(parent ?? (await tempDir()), 'workspace');
  await materializeTree(
    task.dir,
    overlays.map((overlay) => join(task.dir, overlay)),
    workspace,
  );
  return workspace;
}
