import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { TaskSchema } from '../../src/contracts/corpus.js';
import { CorpusImportRecordSchema } from '../../src/contracts/corpus-import.js';
import { CorpusVerificationSchema } from '../../src/contracts/qualification.js';
import { loadTask } from '../../src/corpus/load.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { git, gitRepository } from '../helpers/git-repository.js';
import { HIDDEN_TESTS, SLUG_BUGGY, SLUG_FIXED } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

const OLD_SLUG_TESTS = HIDDEN_TESTS.split("test('joins many words'")[0]!;
const CASE = 'export function title(text) {\n  return text.replace(/\\b\\w/g, (c) => c.toUpperCase());\n}\n';
const CASE_TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { title } from '../src/case.js';
test('titles words', () => assert.equal(title('a b'), 'A B'));
`;
/** Passes "joins many words" and fails "trims": a plausible wrong fix. */
const SLUG_WRONG = "export function slug(text) {\n  return text.toLowerCase().replaceAll(' ', '-');\n}\n";

const MONEY_BUGGY = 'def cents(amount):\n    return round(amount * 100)\n\n\ndef add(a, b):\n    return a + b\n';
const MONEY_FIXED =
  'from decimal import Decimal, ROUND_HALF_UP\n\n\ndef cents(amount):\n    return int((Decimal(str(amount)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))\n\n\ndef add(a, b):\n    return a + b\n';
const MONEY_TESTS = 'from ledger.money import add, cents\n\n\ndef test_adds():\n    assert add(1, 2) == 3\n';
const MONEY_NEW_TESTS = `${MONEY_TESTS}\n\ndef test_rounds_half_up():\n    assert cents(0.125) == 13\n`;

/** A JavaScript library with node:test and some history; the fix lives upstream on a branch, as a merged PR does. */
async function slugifyRepository() {
  const { repo, commits } = await gitRepository([
    {
      message: 'slugify: first version',
      files: {
        'package.json': '{ "name": "slugify", "type": "module", "scripts": { "test": "node --test" } }\n',
        'src/slug.js': SLUG_BUGGY,
        'src/index.js': "export { slug } from './slug.js';\n",
        'test/slug.test.js': OLD_SLUG_TESTS,
        'README.md': '# slugify\n',
      },
    },
    { message: 'case: title-case words', files: { 'src/case.js': CASE, 'test/case.test.js': CASE_TESTS } },
    { message: 'slug: join every word (#12)', files: { 'src/slug.js': SLUG_FIXED, 'test/slug.test.js': HIDDEN_TESTS } },
  ]);
  const [, base, fix] = commits as [string, string, string];
  return {
    repo,
    base,
    patch: `${git(repo, 'diff', base, fix, '--', 'src')}\n`,
    testPatch: `${git(repo, 'diff', base, fix, '--', 'test')}\n`,
  };
}

/** A Python package tested with pytest (Debian's), reached only through a git URL. */
async function ledgerRepository() {
  const { repo, commits } = await gitRepository([
    {
      message: 'ledger: money helpers',
      files: {
        'pyproject.toml': '[project]\nname = "ledger"\nversion = "0.1.0"\n',
        'ledger/__init__.py': '',
        'ledger/money.py': MONEY_BUGGY,
        'tests/test_money.py': MONEY_TESTS,
      },
    },
    {
      message: 'money: round half up',
      files: { 'ledger/money.py': MONEY_FIXED, 'tests/test_money.py': MONEY_NEW_TESTS },
    },
  ]);
  const [base, fix] = commits as [string, string];
  return {
    repo,
    base,
    patch: `${git(repo, 'diff', base, fix, '--', 'ledger')}\n`,
    testPatch: `${git(repo, 'diff', base, fix, '--', 'tests')}\n`,
  };
}

async function run(argv: string[], cwd: string) {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (text) => (out += text), err: (text) => (err += text), cwd });
  return { code, out, err };
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

describe('crossover corpus import swe-bench', () => {
  it('builds tasks from instances naming repositories the test wrote; lists every instance it cannot build; they verify and grade', async () => {
    const root = await tempDir();
    const slugify = await slugifyRepository();
    const ledger = await ledgerRepository();
    git(root, 'init', '-q'); // git refuses -C into a missing dir; any existing dir serves as the clone's parent
    git(root, 'clone', '-q', '--bare', slugify.repo, join(root, 'mirrors/acme__slugify.git'));
    git(root, 'clone', '-q', '--bare', ledger.repo, join(root, 'remote/acme__ledger.git'));
    const instance = (fields: Record<string, unknown>) =>
      JSON.stringify({ problem_statement: 'slug("a b c") gives "a-b c".\n\nIt should join every word.', ...fields });
    const lines = [
      instance({
        instance_id: 'acme__slugify-12',
        repo: 'acme/slugify',
        base_commit: slugify.base,
        patch: slugify.patch,
        test_patch: slugify.testPatch,
        version: '1.0',
        // As the published datasets store them: JSON text inside the JSON.
        FAIL_TO_PASS: JSON.stringify(['joins many words', 'trims']),
        PASS_TO_PASS: JSON.stringify(['lower-cases', 'joins two words', 'splits on tabs']),
        created_at: '2024-01-01T00:00:00Z',
      }),
      instance({
        instance_id: 'acme__slugify-13',
        repo: 'acme/slugify',
        base_commit: slugify.base,
        patch: slugify.patch.replace("replace(' ', '-')", "replace('_', '-')"),
        test_patch: slugify.testPatch,
        FAIL_TO_PASS: ['trims'],
        PASS_TO_PASS: [],
      }),
      instance({
        instance_id: 'acme__missing-1',
        repo: 'acme/missing',
        base_commit: slugify.base,
        patch: slugify.patch,
        test_patch: slugify.testPatch,
        FAIL_TO_PASS: ['trims'],
        PASS_TO_PASS: [],
      }),
      instance({
        instance_id: 'acme__ledger-7',
        repo: 'acme/ledger',
        base_commit: ledger.base,
        patch: ledger.patch,
        test_patch: ledger.testPatch,
        problem_statement: 'cents(0.125) gives 12; half a cent should round up to 13.',
        FAIL_TO_PASS: ['tests/test_money.py::test_rounds_half_up'],
        PASS_TO_PASS: ['tests/test_money.py::test_adds'],
      }),
      '{ "instance_id": "acme__broken-1", "repo": "acme/slugify" }',
    ];
    await writeFile(join(root, 'instances.jsonl'), `${lines.join('\n')}\n`);

    const imported = await run(
      [
        'corpus',
        'import',
        'swe-bench',
        'instances.jsonl',
        '--repos',
        'mirrors',
        '--git-url',
        `file://${join(root, 'remote')}/{owner}__{name}.git`,
        '--runs',
        '2',
      ],
      root,
    );
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).toBe(
      '2 of 5 instances imported into corpus-imported, 3 excluded (reasons in corpus-imported/import-record.json)\n',
    );
    const record = CorpusImportRecordSchema.parse(
      JSON.parse(await readFile(join(root, 'corpus-imported/import-record.json'), 'utf8')),
    );
    expect(record.imported).toEqual([
      { id: 'acme__ledger-7', source: 'acme__ledger-7', kind: 'swe-bench' },
      { id: 'acme__slugify-12', source: 'acme__slugify-12', kind: 'swe-bench' },
    ]);
    const reasons = new Map(record.excluded.map((entry) => [entry.source, entry.reason]));
    expect([...reasons.keys()]).toEqual(['acme__slugify-13', 'acme__missing-1', 'acme__broken-1']);
    expect(reasons.get('acme__slugify-13')).toBe(
      `the patch does not apply to base_commit ${slugify.base}: error: patch failed: src/slug.js:1; error: src/slug.js: patch does not apply`,
    );
    expect(reasons.get('acme__missing-1')).toBe(
      "repository acme/missing: no clone of it in <root>/mirrors (acme__missing.git or acme/missing.git), and cloning file://<root>/remote/acme__missing.git failed: fatal: '<root>/remote/acme__missing.git' does not appear to be a git repository",
    );
    expect(reasons.get('acme__broken-1')).toMatch(/^instances\.jsonl:5: invalid\n {2}\$\.base_commit: /);
    expect(JSON.stringify(record)).not.toContain(root);

    const slugTask = TaskSchema.parse(
      JSON.parse(await readFile(join(root, 'corpus-imported/tasks/acme__slugify-12/task.json'), 'utf8')),
    );
    expect(slugTask.source).toEqual({
      kind: 'swe-bench',
      repository: 'acme/slugify',
      instance: 'acme__slugify-12',
      base: slugify.base,
    });
    expect(slugTask.repository).toMatchObject({
      test: { command: expect.stringMatching(/--test-reporter=junit .* 'test\/slug\.test\.js'$/), format: 'junit' },
      failToPass: ['joins many words', 'trims'],
      passToPass: ['joins two words', 'lower-cases'],
      excluded: [{ id: 'splits on tabs', reason: 'not in the results with the fix applied' }],
    });
    expect(slugTask.repository!.setup).toBeUndefined(); // no dependencies: nothing to install
    expect(await readFile(join(root, 'corpus-imported/tasks/acme__slugify-12/prompt.md'), 'utf8')).toContain(
      'It should join every word.',
    );
    const ledgerTask = TaskSchema.parse(
      JSON.parse(await readFile(join(root, 'corpus-imported/tasks/acme__ledger-7/task.json'), 'utf8')),
    );
    expect(ledgerTask.repository).toMatchObject({
      failToPass: ['tests/test_money.py::test_rounds_half_up'],
      passToPass: ['tests/test_money.py::test_adds'],
    });

    const verified = await run(['corpus', 'verify', '--corpus', 'corpus-imported', '--json'], root);
    expect(verified.code, verified.err).toBe(0);
    const verification = CorpusVerificationSchema.parse(JSON.parse(verified.out));
    expect(verification.tasks.map((task) => [task.id, task.qualified])).toEqual([
      ['acme__ledger-7', true],
      ['acme__slugify-12', true],
    ]);

    const task = await loadTask(join(root, 'corpus-imported/tasks/acme__slugify-12'));
    const trial = async (command: string) =>
      (
        await runAdHocTrial({
          root,
          task,
          command,
          sandbox: 'bubblewrap',
          timeoutMs: 60_000,
          readOnly: [],
          loopback: false,
        })
      ).receipt;
    const [reference, wrong, noop] = await Promise.all([
      trial(`printf %s ${shellQuote(SLUG_FIXED)} > src/slug.js`),
      trial(`printf %s ${shellQuote(SLUG_WRONG)} > src/slug.js`),
      trial('true'),
    ]);
    expect(reference).toMatchObject({ status: 'passed', checksRun: 4 });
    expect(wrong.status).toBe('failed');
    expect(wrong.checks.filter((check) => check.status === 'fail').map((check) => check.id)).toEqual(['trims']);
    expect(noop.status).toBe('failed');
  }, 600_000);
});
