import { mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { materializeTree } from '../../src/corpus/materialize.js';
import { readTree } from '../../src/io/tree.js';
import { tempDir } from '../helpers/temp.js';

async function taskWithOverlay() {
  const task = await tempDir();
  await mkdir(join(task, 'workspace/bin'), { recursive: true });
  await writeFile(join(task, 'workspace/a.txt'), 'start');
  await writeFile(join(task, 'workspace/bin/run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  await mkdir(join(task, 'reference'));
  await writeFile(join(task, 'reference/a.txt'), 'fixed');
  await writeFile(join(task, 'reference/new.txt'), 'added');
  return task;
}

describe('materializing a task tree', () => {
  it('copies the workspace, then overlays in order, keeping the executable bit', async () => {
    const task = await taskWithOverlay();
    const dest = join(await tempDir(), 'trial');
    await materializeTree(task, [join(task, 'reference')], dest);
    expect(await readFile(join(dest, 'a.txt'), 'utf8')).toBe('fixed');
    expect(await readFile(join(dest, 'new.txt'), 'utf8')).toBe('added');
    expect((await stat(join(dest, 'bin/run.sh'))).mode & 0o111).not.toBe(0);
    expect((await readTree(dest)).map((e) => [e.path, e.executable])).toEqual([
      ['a.txt', false],
      ['bin/run.sh', true],
      ['new.txt', false],
    ]);
  });

  it('refuses a symlink in an overlay', async () => {
    const task = await taskWithOverlay();
    await symlink('/etc/hostname', join(task, 'reference/link'));
    await expect(materializeTree(task, [join(task, 'reference')], join(await tempDir(), 'trial'))).rejects.toThrow(
      /a symlink is not allowed/,
    );
  });

  it('refuses a destination that already holds files', async () => {
    const task = await taskWithOverlay();
    const dest = await tempDir();
    await writeFile(join(dest, 'stale.txt'), 'old');
    await expect(materializeTree(task, [], dest)).rejects.toThrow(/expected a new or empty directory/);
  });
});
