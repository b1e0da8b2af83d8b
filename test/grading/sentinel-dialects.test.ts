import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { judgeSentinels, plantSentinels } from '../../src/grading/sentinels.js';
import { parseTestResults } from '../../src/grading/test-results.js';
import { tempDir } from '../helpers/temp.js';

const REPO = join(import.meta.dirname, '../..');

/** A Vitest test file as a repository would have one: its own imports, expect and two matchers. */
const VITEST_FILE = `import { describe, expect, it } from 'vitest';
import { double } from '../src/double.js';

describe('double', () => {
  it('doubles', () => {
    expect(double(2)).toBe(4);
    expect([double(1)]).toEqual([2]);
  });
});
`;

/** Workspace code that makes Vitest's toBe and toEqual always pass once the test file imports it. */
const MATCHER_NOOP = `import { expect } from 'vitest';
expect.extend({ toBe: () => ({ pass: true, message: () => '' }), toEqual: () => ({ pass: true, message: () => '' }) });
export const double = (n) => n;
`;

/** Runs Vitest over a tree holding the file, with or without sentinels, and judges its JSON report. */
async function vitestRun(source: string, sentinels: boolean) {
  const dir = await tempDir();
  await mkdir(join(dir, 'src'));
  await mkdir(join(dir, 'test'));
  await symlink(join(REPO, 'node_modules'), join(dir, 'node_modules'));
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  await writeFile(join(dir, 'src/double.js'), source);
  await writeFile(join(dir, 'test/double.test.js'), VITEST_FILE);
  const planted = sentinels ? await plantSentinels(dir, ['test/double.test.js'], 'jest-json') : [];
  const report = join(dir, 'report.json');
  await execa(
    process.execPath,
    [join(REPO, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${report}`],
    {
      cwd: dir,
      reject: false,
      env: { CI: 'true' },
    },
  );
  const results = parseTestResults('jest-json', await readFile(report, 'utf8'));
  const checks = [
    {
      id: 'double > doubles',
      kind: 'required' as const,
      status: results.get('double > doubles') === 'pass' ? ('pass' as const) : ('fail' as const),
      message: '',
    },
  ];
  return { planted, results, checks, finding: judgeSentinels(planted, results, checks) };
}

describe('sentinels in a Vitest test file', () => {
  it('use its own expect: the fixed code passes with every sentinel as planted', async () => {
    const run = await vitestRun('export const double = (n) => n * 2;\n', true);
    expect(run.planted.map((sentinel) => [sentinel.expect, sentinel.what])).toEqual([
      ['pass', 'a test that returns'],
      ['fail', 'a plain throw'],
      ['fail', 'expect().toBe'],
      ['fail', 'expect().toEqual'],
    ]);
    expect(run.checks[0]!.status).toBe('pass');
    expect(run.finding).toBeNull();
  });

  it('catch workspace code that turns its matchers into passes', async () => {
    const run = await vitestRun(MATCHER_NOOP, true);
    expect(run.finding?.detail).toContain('(expect().toBe) that must fail came back pass');
  });

  it('control: without them the unfixed code passes its check', async () => {
    const run = await vitestRun(MATCHER_NOOP, false);
    expect(run.checks[0]!.status).toBe('pass');
  });
});
