import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { gitRepository } from '../helpers/git-repository.js';
import { HIDDEN_TESTS, SLUG_BUGGY, SLUG_FIXED } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

const OLD_TESTS = HIDDEN_TESTS.split("test('joins many words'")[0]!;

/**
 * A timing test in a file the fix never touches, as on the real TypeScript library of issue 39. A
 * real one fails now and then at random; this one fails on a schedule, so the test is
 * deterministic: on the second run of each tree (every graded tree is a fresh folder whose name
 * ends in its run number), one run in three when a tree runs three times.
 */
const TIMING_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
test('answers within its time budget', () => assert.ok(!/-2$/.test(process.cwd()), 'took 61 ms, budget 50 ms'));
`;

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

describe('a test that fails one run in three is never a check', () => {
  it('import --runs 3 leaves it out as flaky and the task qualifies with corpus verify --runs 3; one run promotes it and verify catches it', async () => {
    const { repo, commits } = await gitRepository([
      {
        message: 'slug: first version',
        files: {
          'package.json': '{ "name": "slug", "type": "module" }\n',
          'src/slug.js': SLUG_BUGGY,
          'test/slug.test.js': OLD_TESTS,
          'test/timing.test.js': TIMING_TEST,
        },
      },
      { message: 'slug: join every word', files: { 'src/slug.js': SLUG_FIXED, 'test/slug.test.js': HIDDEN_TESTS } },
    ]);
    const root = await tempDir();
    const importAs = (id: string, runs: string) =>
      run(
        ['task', 'import', '--repo', repo, '--base', commits[0]!, '--fix', commits[1]!, '--id', id, '--runs', runs],
        root,
      );
    const [three, one] = await Promise.all([importAs('slug-three-runs', '3'), importAs('slug-one-run', '1')]);
    expect(three.code, three.err).toBe(0);
    expect(one.code, one.err).toBe(0);
    expect(three.err).toBe('left out: answers within its time budget: flaky: passed 2 of 3 runs on the fix\n');

    const taskOf = async (id: string) =>
      TaskSchema.parse(JSON.parse(await readFile(join(root, 'corpus-imported/tasks', id, 'task.json'), 'utf8')));
    expect((await taskOf('slug-three-runs')).repository).toMatchObject({
      failToPass: ['joins many words', 'trims'],
      passToPass: ['joins two words', 'lower-cases'],
      excluded: [{ id: 'answers within its time budget', reason: 'flaky: passed 2 of 3 runs on the fix' }],
    });
    // One run of each tree saw it pass on both: today's defect, a flaky test made a regression check.
    expect((await taskOf('slug-one-run')).repository!.passToPass).toContain('answers within its time budget');

    const verified = await run(['corpus', 'verify', '--corpus', 'corpus-imported', '--runs', '3', '--json'], root);
    expect(verified.code).toBe(1);
    const record = CorpusVerificationSchema.parse(JSON.parse(verified.out));
    const byId = new Map(record.tasks.map((task) => [task.id, task]));
    expect(byId.get('slug-three-runs')).toMatchObject({ qualified: true, runs: 3, reasons: [] });
    expect(byId.get('slug-three-runs')!.trees.map((tree) => [tree.tree, tree.run, tree.status])).toEqual([
      ['start', 1, 'failed'],
      ['start', 2, 'failed'],
      ['start', 3, 'failed'],
      ['reference', 1, 'passed'],
      ['reference', 2, 'passed'],
      ['reference', 3, 'passed'],
    ]);
    expect(byId.get('slug-one-run')).toMatchObject({ qualified: false, runs: 3 });
    expect(byId.get('slug-one-run')!.reasons).toContain(
      "regression check 'answers within its time budget' is flaky on the starting tree: it passed 2 of 3 runs",
    );
    expect(verified.err).toMatch(/^\[1\/2\] slug-\S+ (un)?qualified \d+\.\d s · about \d+ s left$/m);
  }, 300_000);
});
