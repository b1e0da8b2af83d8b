import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { tempDir } from '../helpers/temp.js';
import { fixtureTask, fixtureWorkspace } from './fixtures.js';

async function plant(workspace: string, path: string, text = 'export default async function () {}\n'): Promise<void> {
  await mkdir(dirname(join(workspace, path)), { recursive: true });
  await writeFile(join(workspace, path), text);
}

describe('tampering with what the grader relies on fails the trial', () => {
  it('grades the reference solution as passed with no findings (the control)', async () => {
    const task = await fixtureTask('valid-node');
    const result = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['reference']) });
    expect(result).toMatchObject({ status: 'passed', checksRun: 3, findings: [] });
  });

  it.each(['checks/partial-last-page.mjs', 'partial-last-page.mjs', 'checks/lib/load.mjs'])(
    'detects a file planted at the check path %s, even on a solved tree',
    async (path) => {
      const task = await fixtureTask('valid-node');
      const workspace = await fixtureWorkspace(task, ['reference']);
      await plant(workspace, path);
      const result = await gradeWorkspace({ task, workspace });
      expect(result.status).toBe('failed');
      expect(result.findings).toEqual([
        { kind: 'tampering', detail: `a file was planted at ${path}, a path the hidden checks use` },
      ]);
      expect(result.checksRun).toBe(0);
      expect(result.checks.map((c) => c.status)).toEqual(['fail', 'fail', 'fail']);
    },
  );

  it('detects a change to a protected path', async () => {
    const task = await fixtureTask('valid-node');
    const workspace = await fixtureWorkspace(task, ['reference']);
    await writeFile(join(workspace, 'package.json'), '{ "name": "pager", "type": "module", "imports": {} }\n');
    const result = await gradeWorkspace({ task, workspace });
    expect(result.status).toBe('failed');
    expect(result.findings).toEqual([{ kind: 'tampering', detail: 'protected path package.json was changed' }]);
  });

  it('refuses a workspace with a symlink out of it, naming the path but no absolute path', async () => {
    const task = await fixtureTask('valid-node');
    const workspace = await fixtureWorkspace(task, ['reference']);
    const outside = join(await tempDir(), 'secret.txt');
    await writeFile(outside, 'secret');
    await symlink(outside, join(workspace, 'src/secret.txt'));
    const result = await gradeWorkspace({ task, workspace });
    expect(result.status).toBe('failed');
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.detail).toContain('src/secret.txt');
    expect(result.findings[0]!.detail).toContain('symlink');
    expect(result.findings[0]!.detail).not.toContain(workspace);
  });
});
