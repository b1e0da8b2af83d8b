import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importTask } from '../../src/corpus/import.js';
import { qualifyTask } from '../../src/corpus/qualify.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { NODE_TEST_JUNIT, writeFiles } from '../helpers/repository-task.js';
import { tempDir } from '../helpers/temp.js';

/**
 * Sixty tests of four seconds each, run concurrently: 240 s of tests in all (past the 120 s a
 * node check may take), about 4 s of wall time, which is longer than the reference agent's own
 * time limit below: neither cap may cut the suite short, only the test command's own timeoutSec.
 * The suite runs about eight times (import, qualification, each trial's grading): its wall time is
 * most of this file's, so it is spread over more tests rather than made longer.
 */
const SLOW_TESTS = 60;
const SLOW_MS = 4000;
/** The reference agent's time limit: shorter than the suite's wall time, ample for writing one file. */
const SHORT_AGENT_MS = 3000;

const PACKAGE = {
  name: 'versioned',
  version: '1.0.0',
  type: 'module',
  dependencies: { semver: '7.6.3' },
};
/** Written by hand, as `npm install` would: a real package from the npm registry, with a bin (node_modules/.bin/semver). */
const LOCK = {
  name: 'versioned',
  version: '1.0.0',
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: 'versioned', version: '1.0.0', dependencies: { semver: '7.6.3' } },
    'node_modules/semver': {
      version: '7.6.3',
      resolved: 'https://registry.npmjs.org/semver/-/semver-7.6.3.tgz',
      integrity: 'sha512-oVekP1cKtI+CTDvHWYFUcMtsK/00wmAEfyqKfNdARm8u1wNVhSgaX7A8d4UuIlUI5e84iEwOhs7ZPYRmzU9U6A==',
      license: 'ISC',
      bin: { semver: 'bin/semver.js' },
      engines: { node: '>=10' },
    },
  },
};

const BUGGY = `import semver from 'semver';
/** The newest of \`versions\` that satisfies \`range\`, or null. */
export function newest(versions, range) {
  const matching = versions.filter((v) => semver.satisfies(v, range));
  return matching.sort()[matching.length - 1] ?? null;
}
`;
const FIXED = `import semver from 'semver';
/** The newest of \`versions\` that satisfies \`range\`, or null. */
export function newest(versions, range) {
  return semver.maxSatisfying(versions, range);
}
`;
const OLD_TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { newest } from '../src/newest.js';
test('picks the newest of one-digit versions', () => assert.equal(newest(['1.0.0', '1.2.0', '1.1.0'], '^1'), '1.2.0'));
test('null when nothing matches', () => assert.equal(newest(['1.0.0'], '^2'), null));
test('the semver bin runs through node_modules/.bin', () => {
  assert.equal(execFileSync('node_modules/.bin/semver', ['-r', '^1', '1.5.0'], { encoding: 'utf8' }).trim(), '1.5.0');
});
`;
const NEW_TESTS = `${OLD_TESTS}test('compares versions by number, not text', () => assert.equal(newest(['1.9.0', '1.10.0'], '^1'), '1.10.0'));
`;
const SLOW = `import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
describe('slow', { concurrency: true }, () => {
  for (let i = 1; i <= ${SLOW_TESTS}; i += 1) test(\`case \${String(i).padStart(2, '0')}\`, () => sleep(${SLOW_MS}));
});
`;

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e',
    },
  }).trim();
}

/** A small library in a git repository: base commit with the bug, fix commit with the fix and a new test. */
async function libraryRepository(): Promise<{ repo: string; base: string; fix: string }> {
  const repo = await tempDir('crossover-repo-');
  git(repo, 'init', '-q', '-b', 'main');
  await writeFiles(repo, {
    'package.json': `${JSON.stringify(PACKAGE, null, 2)}\n`,
    'package-lock.json': `${JSON.stringify(LOCK, null, 2)}\n`,
    'src/newest.js': BUGGY,
    'test/newest.test.js': OLD_TESTS,
    'test/slow.test.js': SLOW,
    'docs/usage.md': 'newest(versions, range)\n',
    '.gitignore': 'node_modules\n',
  });
  await symlink('docs/usage.md', join(repo, 'USAGE.md')); // an in-tree symlink the workspace keeps
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'newest: pick the newest matching version');
  const base = git(repo, 'rev-parse', 'HEAD');
  await writeFiles(repo, { 'src/newest.js': FIXED, 'test/newest.test.js': NEW_TESTS });
  git(repo, 'commit', '-q', '-am', 'newest: compare versions as versions (1.10.0 > 1.9.0)');
  return { repo, base, fix: git(repo, 'rev-parse', 'HEAD') };
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

describe('task import builds a repository task from a git repository that qualifies and grades', () => {
  it('imports, qualifies, and grades reference, no-op, test-deleting and test-editing agents under bubblewrap', async () => {
    const { repo, base, fix } = await libraryRepository();
    const root = await tempDir();
    const { task, excluded } = await importTask({
      repo,
      base,
      fix,
      id: 'newest-by-number',
      corpusDir: join(root, 'corpus'),
      root,
      issue: 'newest(["1.9.0", "1.10.0"], "^1") gives 1.9.0; 1.10.0 is newer.\n',
      test: { command: NODE_TEST_JUNIT, format: 'junit', resultFile: 'junit.xml', timeoutSec: 900 },
      setup: { command: 'npm ci --ignore-scripts --no-audit --no-fund', outputs: ['node_modules'], timeoutSec: 600 },
      category: 'imported',
      surface: 'library',
      timeoutSec: 120,
    });
    const repository = task.task.repository!;
    expect(repository.failToPass).toEqual(['compares versions by number, not text']);
    expect(repository.passToPass).toHaveLength(3 + SLOW_TESTS);
    expect(repository.passToPass).toContain('the semver bin runs through node_modules/.bin');
    expect(repository.passToPass).toContain(`slow > case ${SLOW_TESTS}`);
    expect(excluded).toEqual([]);

    const qualification = await qualifyTask(task, { rules: 'imported', root });
    expect(qualification).toMatchObject({
      qualified: true,
      reasons: [],
      notes: ['has no decoy under decoys/: the checks were not shown to catch a wrong fix'],
    });
    expect(qualification.trees.map((t) => [t.tree, t.status])).toEqual([
      ['start', 'failed'],
      ['reference', 'passed'],
    ]);

    const trial = async (script: string, timeoutMs = 60_000) => {
      const { receipt } = await runAdHocTrial({
        root,
        task,
        command: script,
        sandbox: 'bubblewrap',
        timeoutMs,
        readOnly: [],
        loopback: false,
      });
      return receipt;
    };
    const write = (path: string, text: string) => `printf %s ${shellQuote(text)} > ${path}`;

    // The five trials are independent (each command is a trial of its own): run at once, they
    // overlap their waits on the slow suite.
    const [reference, noop, deleting, editing, crashing] = await Promise.all([
      trial(write('src/newest.js', FIXED), SHORT_AGENT_MS),
      trial('true'),
      trial('rm test/newest.test.js'),
      trial(
        write(
          'test/newest.test.js',
          "import { test } from 'node:test';\ntest('compares versions by number, not text', () => {});\n",
        ),
      ),
      trial(write('src/newest.js', `process.kill(process.ppid, 'SIGKILL');\n${FIXED}`)),
    ]);
    expect(reference.status).toBe('passed');
    expect(reference.checksRun).toBe(1 + 3 + SLOW_TESTS);
    expect(reference.findings).toEqual([]);
    // Setup outputs are bound, not copied: the agent's one edit is all that counts as modified.
    expect(reference.diagnostics.filesModified).toBe(1);

    expect(noop.status).toBe('failed');
    expect(deleting.status).toBe('failed');
    expect(deleting.checks.find((c) => c.kind === 'required')!.status).toBe('fail');

    expect(editing.status).toBe('failed');
    expect(editing.findings.map((f) => f.detail)).toContain(
      'the agent changed test/newest.test.js, a hidden test path: grading used the hidden version',
    );

    // Workspace code that crashes the runner before it reports: nothing to grade, never a pass.
    expect(crashing.status).toBe('check-error');
    expect(crashing.checks[0]!.message).toMatch(/exit 137/); // killed: no result file, or one cut off
  }, 1_200_000);
});
