import { mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { materializeTree } from '../../src/corpus/materialize.js';
import { readTree, treeDigest } from '../../src/io/tree.js';
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

  it('refuses a symlink leaving an overlay', async () => {
    const task = await taskWithOverlay();
    await symlink('/etc/hostname', join(task, 'reference/link'));
    await expect(materializeTree(task, [join(task, 'reference')], join(await tempDir(), 'trial'))).rejects.toThrow(
      /a symlink to \/etc\/hostname leaves the tree/,
    );
  });

  it('keeps empty directories and in-tree symlinks: the copy has the same digest', async () => {
    const task = await taskWithOverlay();
    await mkdir(join(task, 'workspace/.git/refs/tags'), { recursive: true });
    await mkdir(join(task, 'workspace/node_modules/.bin'), { recursive: true });
    await symlink('../../bin/run.sh', join(task, 'workspace/node_modules/.bin/run'));
    const dest = join(await tempDir(), 'trial');
    await materializeTree(task, [], dest);
    expect((await stat(join(dest, '.git/refs/tags'))).isDirectory()).toBe(true);
    expect(await readlink(join(dest, 'node_modules/.bin/run'))).toBe('../../bin/run.sh');
    expect(await treeDigest(dest)).toBe(await treeDigest(join(task, 'workspace')));
  });

  it('refuses a destination that already holds files', async () => {
    const task = await taskWithOverlay();
    const dest = await tempDir();
    await writeFile(join(dest, 'stale.txt'), 'old');
    await expect(materializeTree(task, [], dest)).rejects.toThrow(/expected a new or empty directory/);
  });
});
