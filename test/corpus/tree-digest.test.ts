import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { readTreeModel, TreeRefusal, treeDigest } from '../../src/io/tree.js';
import { tempDir } from '../helpers/temp.js';

async function sampleTree(): Promise<string> {
  const root = await tempDir();
  await mkdir(join(root, 'src/lib'), { recursive: true });
  await writeFile(join(root, 'src/lib/a.js'), 'export const a = 1;\n');
  await writeFile(join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  return root;
}

describe('tree digest', () => {
  it('is the same for the same content in another place', async () => {
    expect(await treeDigest(await sampleTree())).toBe(await treeDigest(await sampleTree()));
  });

  it('changes when one byte changes', async () => {
    const root = await sampleTree();
    const before = await treeDigest(root);
    await writeFile(join(root, 'src/lib/a.js'), 'export const a = 2;\n');
    expect(await treeDigest(root)).not.toBe(before);
  });

  it('changes when an executable bit changes', async () => {
    const root = await sampleTree();
    const before = await treeDigest(root);
    await chmod(join(root, 'run.sh'), 0o755);
    expect(await treeDigest(root)).not.toBe(before);
  });

  it('changes when a file moves', async () => {
    const a = await sampleTree();
    const b = await sampleTree();
    await writeFile(join(b, 'src/a.js'), 'export const a = 1;\n');
    await writeFile(join(a, 'src/b.js'), 'export const a = 1;\n');
    expect(await treeDigest(a)).not.toBe(await treeDigest(b));
  });

  it('refuses a symlink that leaves the tree, naming it', async () => {
    const root = await sampleTree();
    await symlink('/etc/passwd', join(root, 'src/leak'));
    await expect(treeDigest(root)).rejects.toThrow(TreeRefusal);
    await expect(treeDigest(root)).rejects.toThrow(/src\/leak: a symlink to \/etc\/passwd leaves the tree/);
  });

  it('refuses a relative symlink that climbs out of the tree', async () => {
    const root = await sampleTree();
    await symlink('../../..', join(root, 'src/lib/up'));
    await expect(treeDigest(root)).rejects.toThrow(/src\/lib\/up: a symlink to \.\.\/\.\.\/\.\. leaves the tree/);
  });

  it('refuses a link that reads as inside but climbs out through another link', async () => {
    const root = await sampleTree();
    await mkdir(join(root, 'd/e'), { recursive: true });
    await symlink('../..', join(root, 'd/e/top')); // d/e/top is the root itself: inside
    await symlink('d/e/top/..', join(root, 'sneak')); // lexically d/e, really the root's parent
    await expect(treeDigest(root)).rejects.toThrow(/sneak: a symlink to d\/e\/top\/\.\. leaves the tree/);
  });

  it('records a symlink inside the tree by its target', async () => {
    const root = await sampleTree();
    await mkdir(join(root, 'node_modules/.bin'), { recursive: true });
    await symlink('../../src/lib/a.js', join(root, 'node_modules/.bin/a'));
    const model = await readTreeModel(root);
    expect(model.links).toEqual([{ path: 'node_modules/.bin/a', target: '../../src/lib/a.js' }]);
    expect(model.files.map((f) => f.path)).not.toContain('node_modules/.bin/a');
    const before = await treeDigest(root);
    await rm(join(root, 'node_modules/.bin/a'));
    await symlink('../../run.sh', join(root, 'node_modules/.bin/a'));
    expect(await treeDigest(root)).not.toBe(before);
  });

  it('keeps empty directories: adding one changes the digest', async () => {
    const root = await sampleTree();
    const before = await treeDigest(root);
    await mkdir(join(root, '.git/refs/heads'), { recursive: true });
    expect((await readTreeModel(root)).emptyDirectories).toEqual(['.git/refs/heads']);
    expect(await treeDigest(root)).not.toBe(before);
  });

  it('refuses a special file', async () => {
    const root = await sampleTree();
    await execa('mkfifo', [join(root, 'pipe')]);
    await expect(treeDigest(root)).rejects.toThrow(TreeRefusal);
    await expect(treeDigest(root)).rejects.toThrow(/pipe: a special file is not allowed/);
  });
});
