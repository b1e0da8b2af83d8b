import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { tempDir } from '../helpers/temp.js';
import { FIXTURE_TASKS } from './fixtures.js';

/** A scratch project whose `corpus/` holds the named fixture tasks, removed when the test ends; returns its directory. */
async function fixtureCorpus(ids: string[], onFinished: TestContext['onTestFinished']): Promise<string> {
  const root = join(await tempDir(undefined, onFinished), 'corpus');
  await mkdir(root);
  const corpus = {
    schema: 'crossover.corpus/1',
    id: 'fixture',
    version: '1',
    categories: [
      { id: 'boundary-logic', title: 'Boundary logic' },
      { id: 'dom-rendering', title: 'DOM rendering' },
    ],
  };
  await writeFile(join(root, 'corpus.json'), JSON.stringify(corpus));
  await mkdir(join(root, 'tasks'));
  for (const id of ids) await cp(join(FIXTURE_TASKS, id), join(root, 'tasks', id), { recursive: true });
  return join(root, '..');
}

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

// Each test verifies a project of its own, mostly waiting on its checks' processes: they overlap.
describe.concurrent('crossover corpus verify', () => {
  it('prints --json and exits non-zero naming each unqualified task and why', async ({ onTestFinished }) => {
    const root = await fixtureCorpus(['reference-fails', 'valid-node'], onTestFinished);
    const result = await run(['corpus', 'verify', '--json'], root);
    expect(result.code).toBe(1);
    const verification = CorpusVerificationSchema.parse(JSON.parse(result.out));
    expect(verification).toMatchObject({ total: 2, qualified: 1 });
    expect(verification.tasks.map((t) => [t.id, t.qualified])).toEqual([
      ['reference-fails', false],
      ['valid-node', true],
    ]);
    expect(result.err).toMatch(/^unqualified: reference-fails: check 'slices-pages' fails on the reference: /m);
    expect(result.err).not.toMatch(/^unqualified: valid-node/m);
  });

  it('prints a table and exits 0 when the selected task qualifies', async ({ onTestFinished }) => {
    const project = await fixtureCorpus(['reference-fails', 'valid-node'], onTestFinished);
    const result = await run(
      ['corpus', 'verify', '--corpus', join(project, 'corpus'), '--task', 'valid-node'],
      project,
    );
    // stderr holds only the progress line of the one task.
    expect(result).toMatchObject({
      code: 0,
      err: expect.stringMatching(/^\[1\/1\] valid-node qualified \d+\.\d s\n$/),
    });
    const [header, row] = result.out.split('\n');
    expect(header).toMatch(/^id\s+category\s+surface\s+qualified\s+reference change\s+tree size\s+reasons$/);
    expect(row).toMatch(/^valid-node\s+boundary-logic\s+library\s+yes\s+1 files, 4 lines\s+3 files, 11 lines\s+-$/);
    expect(result.out).toContain('1 of 1 tasks qualified');
  });

  it('verifies exactly the tasks named by repeated --task, refusing an unknown one before grading any', async ({
    onTestFinished,
  }) => {
    const root = await fixtureCorpus(['reference-fails', 'valid-node', 'browser-counter'], onTestFinished);
    const result = await run(['corpus', 'verify', '--json', '--task', 'valid-node', '--task', 'reference-fails'], root);
    expect(result.code).toBe(1);
    const verification = CorpusVerificationSchema.parse(JSON.parse(result.out));
    expect(verification.tasks.map((t) => t.id)).toEqual(['reference-fails', 'valid-node']);
    const unknown = await run(['corpus', 'verify', '--task', 'valid-node', '--task', 'nope'], root);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no task "nope"');
    expect(unknown.out).toBe('');
  });

  it('refuses an unknown task id, listing the known ones', async ({ onTestFinished }) => {
    const root = await fixtureCorpus(['valid-node'], onTestFinished);
    const result = await run(['corpus', 'verify', '--task', 'nope'], root);
    expect(result.code).toBe(2);
    expect(result.err).toContain('no task "nope" (tasks: valid-node)');
  });

  it('writes a verification record under the state dir, and verifying a slice keeps what was verified before', async ({
    onTestFinished,
  }) => {
    const root = await fixtureCorpus(['reference-fails', 'valid-node'], onTestFinished);
    const first = await run(['corpus', 'verify', '--task', 'valid-node'], root);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('verification record: .crossover/corpus-verification/fixture.json');
    const file = join(root, '.crossover/corpus-verification/fixture.json');
    const once = CorpusVerificationSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(once.corpus.id).toBe('fixture');
    expect(once.corpus.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(once.tasks.map((t) => [t.id, t.qualified])).toEqual([['valid-node', true]]);
    const validNode = once.tasks[0]!;
    expect(validNode.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(validNode.trees.map((t) => [t.tree, t.status])).toEqual([
      ['start', 'failed'],
      ['reference', 'passed'],
      ...validNode.trees.slice(2).map((t) => [t.tree, t.status]),
    ]);

    const second = await run(['corpus', 'verify', '--task', 'reference-fails'], root);
    expect(second.code).toBe(1);
    const merged = CorpusVerificationSchema.parse(JSON.parse(await readFile(file, 'utf8')));
    expect(merged).toMatchObject({ total: 2, qualified: 1 });
    expect(merged.tasks.map((t) => [t.id, t.qualified])).toEqual([
      ['reference-fails', false],
      ['valid-node', true],
    ]);
    expect(merged.tasks[1]).toEqual(validNode);
  });

  it('reports a broken or half-written task folder for that task alone', async ({ onTestFinished }) => {
    const root = await fixtureCorpus(['valid-node'], onTestFinished);
    // An import still writing its task (no task.json yet), and a task.json that does not parse.
    await mkdir(join(root, 'corpus/tasks/half-written/workspace'), { recursive: true });
    await mkdir(join(root, 'corpus/tasks/broken'), { recursive: true });
    await writeFile(join(root, 'corpus/tasks/broken/task.json'), '{ "schema": "crossover.task/1", ');
    const other = await run(['corpus', 'verify', '--task', 'valid-node'], root);
    expect(other.code, other.err).toBe(0);
    const all = await run(['corpus', 'verify', '--json'], root);
    expect(all.code).toBe(1);
    const verification = CorpusVerificationSchema.parse(JSON.parse(all.out));
    expect(verification.tasks.map((t) => [t.id, t.qualified])).toEqual([['valid-node', true]]);
    expect(verification.refused.map((r) => r.id)).toEqual(['broken', 'half-written']);
    expect(all.err).toContain(
      'refused: half-written: tasks/half-written/task.json: no task.json (expected a task directory)',
    );
    expect(all.err).toMatch(/^refused: broken: tasks\/broken\/task.json: /m);
  });

  it('--resume leaves out the tasks the record holds at their digest, and runs a changed one again', async ({
    onTestFinished,
  }) => {
    const root = await fixtureCorpus(['valid-node', 'reference-fails'], onTestFinished);
    expect((await run(['corpus', 'verify', '--task', 'valid-node'], root)).code).toBe(0);
    const resumed = await run(['corpus', 'verify', '--resume', '--task', 'valid-node'], root);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toBe('resumed: 1 tasks already verified at their digest were not run again (1 qualified)\n');
    await writeFile(join(root, 'corpus/tasks/valid-node/prompt.md'), 'Pages are cut short.\n');
    const changed = await run(['corpus', 'verify', '--resume', '--json'], root);
    const verification = CorpusVerificationSchema.parse(JSON.parse(changed.out));
    expect(verification.tasks.map((t) => t.id)).toEqual(['reference-fails', 'valid-node']);
    expect(changed.err).not.toContain('resumed:');
  });
});
