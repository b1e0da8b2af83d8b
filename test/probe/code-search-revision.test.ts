import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
// @ts-expect-error: a plain-JavaScript fixture without types
import { treeDigest as fixtureDigest, readWorkspace } from '../../fixtures/providers/code-search/workspace.mjs';
import { treeDigest } from '../../src/io/tree.js';
import { tempDir } from '../helpers/temp.js';

test('the reference provider names the revision Crossover computes, empty directories and links included', async () => {
  const root = await tempDir();
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(join(root, 'empty'));
  await writeFile(join(root, 'src', 'app.js'), 'export const a = 1;\n');
  await writeFile(join(root, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  await symlink('src/app.js', join(root, 'link.js'));
  expect(fixtureDigest(await readWorkspace(root))).toBe(await treeDigest(root));
});
