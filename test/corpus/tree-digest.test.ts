import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { CrossoverError } from '../../src/contracts/errors.js';
import { treeDigest } from '../../src/io/tree.js';
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

  it('refuses a symlink, naming it', async () => {
    const root = await sampleTree();
    await symlink('/etc/passwd', join(root, 'src/leak'));
    await expect(treeDigest(root)).rejects.toThrow(CrossoverError);
    await expect(treeDigest(root)).rejects.toThrow(/src\/leak: a symlink is not allowed/);
  });

  it('refuses a special file', async () => {
    const root = await sampleTree();
    await execa('mkfifo', [join(root, 'pipe')]);
    await expect(treeDigest(root)).rejects.toThrow(/pipe: a special file is not allowed/);
  });
});
