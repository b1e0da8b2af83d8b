import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A fresh directory removed when the test ends. A concurrent test passes its context's
 * onTestFinished: the global hook attaches to whichever test started last, not to the caller.
 */
export async function tempDir(prefix = 'crossover-test-', onFinished = onTestFinished): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
