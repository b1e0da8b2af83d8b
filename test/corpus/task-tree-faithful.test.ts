import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus, loadTask } from '../../src/corpus/load.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { gradeWorkspace } from '../../src/grading/grade.js';
import { FIXTURE_TASKS, fixtureWorkspace } from '../grading/fixtures.js';
import { tempDir } from '../helpers/temp.js';

/** A corpus of two copies of the valid-node fixture task: `good` and `bad`. */
async function twoTaskCorpus(): Promise<string> {
  const root = await tempDir();
  await writeFile(
    join(root, 'corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'two',
      version: '1',
      categories: [{ id: 'boundary-logic', title: 'Boundaries' }],
    }),
  );
  for (const id of ['bad', 'good']) {
    const dir = join(root, 'tasks', id);
    await cp(join(FIXTURE_TASKS, 'valid-node'), dir, { recursive: true });
    const task = JSON.parse(await readFile(join(dir, 'task.json'), 'utf8'));
    await writeFile(join(dir, 'task.json'), JSON.stringify({ ...task, id }));
  }
  return root;
}

describe('a task tree is read faithfully', () => {
  it('a symlink leaving one task refuses that task only, with the reason, and the corpus loads', async () => {
    const root = await twoTaskCorpus();
    await symlink('/etc/passwd', join(root, 'tasks/bad/workspace/src/leak'));
    const corpus = await loadCorpus(root);
    expect(corpus.tasks.map((t) => t.task.id)).toEqual(['good']);
    expect(corpus.refused).toEqual([
      {
        id: 'bad',
        reason:
          'tasks/bad/workspace/src/leak: a symlink to /etc/passwd leaves the tree, which a task tree may not hold',
      },
    ]);
  });

  it('a task whose starting tree holds an in-tree symlink and an empty directory loads, grades and qualifies', async () => {
    const dir = join(await tempDir(), 'valid-node');
    await cp(join(FIXTURE_TASKS, 'valid-node'), dir, { recursive: true });
    await mkdir(join(dir, 'workspace/node_modules/.bin'), { recursive: true });
    await symlink('../../src/index.js', join(dir, 'workspace/node_modules/.bin/pages'));
    await mkdir(join(dir, 'workspace/.git/refs'), { recursive: true });
    const task = await loadTask(dir);
    const qualification = await qualifyTask(task);
    expect(qualification).toMatchObject({ qualified: true, reasons: [] });
    // node_modules is installed code: the difficulty figures leave it out.
    expect(qualification.tree).toEqual({ files: 3, lines: 11 });
  });

  it('a symlink the agent adds, even one staying inside, is tampering (the control: the shipped one is not)', async () => {
    const dir = join(await tempDir(), 'valid-node');
    await cp(join(FIXTURE_TASKS, 'valid-node'), dir, { recursive: true });
    await symlink('index.js', join(dir, 'workspace/src/shipped'));
    const task = await loadTask(dir);
    const clean = await gradeWorkspace({ task, workspace: await fixtureWorkspace(task, ['reference']) });
    expect(clean).toMatchObject({ status: 'passed', findings: [] });
    const workspace = await fixtureWorkspace(task, ['reference']);
    await symlink('pages.js', join(workspace, 'src/added'));
    const result = await gradeWorkspace({ task, workspace });
    expect(result.status).toBe('failed');
    expect(result.findings).toEqual([
      { kind: 'tampering', detail: 'the workspace holds a symlink at src/added, which the grader refuses' },
    ]);
  });
});
