import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slugTask, writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, syntheticExperiment, writeExperiment } from '../plan/helpers.js';

/** "Installs" one dependency: the same files every run. */
const REPRODUCIBLE = "mkdir -p node_modules/dep && echo 'export const v = 1;' > node_modules/dep/index.js";
/** Installs without a lockfile, as it were: every run produces other bytes. */
const UNREPRODUCIBLE = `${REPRODUCIBLE} && node -e "require('fs').writeFileSync('node_modules/dep/stamp', String(Math.random()))"`;

/** A root with a one-task repository corpus whose setup is `command`, and an experiment over it, planned into plan.json. */
async function planned(command: string): Promise<string> {
  const root = await tempDir();
  await writeFiles(root, {
    'corpus/corpus.json': JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'repos',
      version: '1.0.0',
      qualificationRules: 'imported',
      categories: [{ id: 'boundary-logic', title: 'Boundary logic' }],
    }),
  });
  const task = await slugTask(join(root, 'corpus/tasks/slug'), {
    setup: { command, outputs: ['node_modules'], timeoutSec: 120 },
  });
  await writeFiles(task, { 'workspace/package-lock.json': '{ "lockfileVersion": 3, "packages": {} }\n' });
  await writeExperiment(root, 'exp', syntheticExperiment({ tasks: ['slug'] }));
  const plan = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
  expect(plan.code, plan.err).toBe(0);
  return root;
}

async function setupEntries(root: string): Promise<string[]> {
  const names = await readdir(join(root, '.crossover/cache/setup'));
  return names.filter((name) => !name.startsWith('.') && !name.endsWith('.lock'));
}

async function setupRecord(root: string): Promise<{ command: string; digest: string; durationMs: number }> {
  const [entry] = await setupEntries(root);
  return JSON.parse(await readFile(join(root, '.crossover/cache/setup', entry!, 'setup.json'), 'utf8'));
}

async function editTaskJson(
  root: string,
  edit: (task: { repository: { setup: { command: string } } }) => void,
): Promise<void> {
  const file = join(root, 'corpus/tasks/slug/task.json');
  const task = JSON.parse(await readFile(file, 'utf8'));
  edit(task);
  await writeFile(file, JSON.stringify(task));
}

describe("the plan binds a repository task's setup record", () => {
  it('binds the command and the digest of what it produced, never its duration: re-planning gives the same bytes', async () => {
    const root = await planned(REPRODUCIBLE);
    const record = await setupRecord(root);
    const text = await readFile(join(root, 'plan.json'), 'utf8');
    const plan = JSON.parse(text);
    expect(plan.tasks[0].setup).toEqual({ command: REPRODUCIBLE, outputs: ['node_modules'], digest: record.digest });
    expect(text).not.toMatch(/duration/i);
    // The duration is shown where people read it, beside the plan, and in the setup record.
    const summary = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'again.json']);
    expect(summary.out).toContain(`task slug: setup "${REPRODUCIBLE}" produced ${record.digest} in`);
    expect(await readFile(join(root, 'again.json'), 'utf8')).toBe(text);
    const check = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toContain('no drift');
  });

  it('names a changed setup command, old → new', async () => {
    const root = await planned(REPRODUCIBLE);
    const changed = REPRODUCIBLE.replace('v = 1', 'v = 2');
    await editTaskJson(root, (task) => {
      task.repository.setup.command = changed;
    });
    const check = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(check.code).toBe(4);
    expect(check.err).toContain(`- setup slug: command ${JSON.stringify(REPRODUCIBLE)} → ${JSON.stringify(changed)}`);
    // What the new command produced differs too, and the task.json change is a new task digest.
    expect(check.err).toMatch(/- setup slug: produced tree sha256:[0-9a-f]{64} → sha256:[0-9a-f]{64}/);
    expect(check.err).toMatch(/- task slug: digest changed/);
  });

  it('names a produced tree that differs when the setup runs again after its cache entry was evicted', async () => {
    const root = await planned(UNREPRODUCIBLE);
    const before = await setupRecord(root);
    const pruned = await crossover(root, ['cache', 'prune', '--max-age', '0']);
    expect(pruned.code, pruned.err).toBe(0);
    expect(await setupEntries(root)).toEqual([]);
    const check = await crossover(root, ['plan', '--check', 'plan.json']);
    const after = await setupRecord(root);
    expect(after.digest).not.toBe(before.digest);
    expect(check.code).toBe(4);
    expect(check.err).toContain(`- setup slug: produced tree ${before.digest} → ${after.digest}`);
    // The workspace, checks and task.json are as they were: only the setup drifted.
    expect(check.err).not.toContain('- task slug');
  });

  it('discards a cached tree changed on disk and sets it up again, so the plan binds what trials get', async () => {
    const root = await planned(REPRODUCIBLE);
    const [entry] = await setupEntries(root);
    const planted = join(root, '.crossover/cache/setup', entry!, 'tree/node_modules/dep/index.js');
    await writeFile(planted, 'export const v = 666;\n');
    const check = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(check.code, check.err).toBe(0);
    expect(await readFile(planted, 'utf8')).toBe('export const v = 1;\n');
    // Positive control: the same change on an unreproducible setup is not healed but named.
    const other = await planned(UNREPRODUCIBLE);
    const [otherEntry] = await setupEntries(other);
    await writeFile(join(other, '.crossover/cache/setup', otherEntry!, 'tree/node_modules/dep/stamp'), 'planted');
    const drifted = await crossover(other, ['plan', '--check', 'plan.json']);
    expect(drifted.code).toBe(4);
    expect(drifted.err).toMatch(/- setup slug: produced tree .*its cached tree changed/);
  });

  it('makes a changed lockfile a new task digest, set up afresh', async () => {
    const root = await planned(REPRODUCIBLE);
    await writeFile(
      join(root, 'corpus/tasks/slug/workspace/package-lock.json'),
      '{ "lockfileVersion": 3, "packages": { "node_modules/dep": { "version": "2.0.0" } } }\n',
    );
    const check = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(check.code).toBe(4);
    expect(check.err).toMatch(/- task slug: digest changed \(sha256:[0-9a-f]{64} → sha256:[0-9a-f]{64}\)/);
    // The setup is keyed by the workspace: the new lockfile got a setup run of its own.
    expect(await setupEntries(root)).toHaveLength(2);
  });
});
