import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { MalformedResults, parseJestJson, parseJunit, parseTap } from '../../src/grading/test-results.js';
import { tempDir } from '../helpers/temp.js';

const SUITE = `import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
describe('parse', () => {
  test('handles arrays', () => {});
  test('rejects junk', () => assert.equal(1, 2));
  describe('nested', () => {
    test('deep', () => {});
  });
});
test('top level', () => {});
test('not yet', { skip: true }, () => {});
`;

const EXPECTED = new Map([
  ['parse > handles arrays', 'pass'],
  ['parse > rejects junk', 'fail'],
  ['parse > nested > deep', 'pass'],
  ['top level', 'pass'],
  ['not yet', 'skip'],
]);

/** Runs the suite with node:test's own reporter into a file and returns the file's text. */
async function nodeTestReport(reporter: 'junit' | 'tap'): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'suite.test.mjs'), SUITE);
  const out = join(dir, `report.${reporter}`);
  await execa(
    process.execPath,
    ['--test', `--test-reporter=${reporter}`, `--test-reporter-destination=${out}`, 'suite.test.mjs'],
    {
      cwd: dir,
      reject: false,
    },
  );
  return readFile(out, 'utf8');
}

describe('result files of real runners are read into test ids and outcomes', () => {
  it('reads node:test JUnit XML: nested suites in the id, skipped is not a pass', async () => {
    expect(parseJunit(await nodeTestReport('junit'))).toEqual(EXPECTED);
  });

  it('reads node:test TAP to the same ids and outcomes', async () => {
    expect(parseTap(await nodeTestReport('tap'))).toEqual(EXPECTED);
  });

  it.each([
    ['xunit2 (the default): classes told from the classname', []],
    ['xunit1: the file attribute', ['-o', 'junit_family=xunit1']],
  ])('reads pytest --junitxml from Debian python3-pytest as node ids, %s', async (_family, options) => {
    const dir = await tempDir();
    await writeFile(join(dir, 'conftest.py'), '');
    await execa('mkdir', ['-p', join(dir, 'tests')]);
    await writeFile(
      join(dir, 'tests/test_calc.py'),
      'import pytest\n\nclass TestAdd:\n    def test_small(self):\n        assert 1 + 1 == 2\n\n    def test_wrong(self):\n        assert 1 + 1 == 3\n\n@pytest.mark.parametrize("n", [1, 2])\ndef test_each(n):\n    assert n < 2\n\n@pytest.mark.skip\ndef test_later():\n    pass\n',
    );
    await execa(
      '/usr/bin/python3',
      ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', ...options, '--junitxml=out.xml'],
      { cwd: dir, reject: false },
    );
    expect(parseJunit(await readFile(join(dir, 'out.xml'), 'utf8'))).toEqual(
      new Map([
        ['tests/test_calc.py::TestAdd::test_small', 'pass'],
        ['tests/test_calc.py::TestAdd::test_wrong', 'fail'],
        ['tests/test_calc.py::test_each[1]', 'pass'],
        ['tests/test_calc.py::test_each[2]', 'fail'],
        ['tests/test_calc.py::test_later', 'skip'],
      ]),
    );
  });

  it("names tape's flat assertions by their test and index, each distinct however alike their messages", () => {
    // What tape 5 prints for two tests of three and two assertions (tape's own format, written out).
    const tap = [
      'TAP version 13',
      '# parses a line',
      'ok 1 should be strictly equal',
      'ok 2 should be deeply equivalent',
      'not ok 3 should be deeply equivalent',
      '  ---',
      '    operator: deepEqual',
      '    expected: |-',
      '      { a: 1 }',
      '  ...',
      '# skips blank lines',
      'ok 4 should be deeply equivalent',
      'ok 5 # SKIP not on windows',
      '',
      '1..5',
      '# tests 5',
      '# pass  3',
      '# fail  1',
      '',
    ].join('\n');
    expect(parseTap(tap)).toEqual(
      new Map([
        ['parses a line > assertion 1: should be strictly equal', 'pass'],
        ['parses a line > assertion 2: should be deeply equivalent', 'pass'],
        ['parses a line > assertion 3: should be deeply equivalent', 'fail'],
        ['skips blank lines > assertion 1: should be deeply equivalent', 'pass'],
        ['skips blank lines > assertion 2', 'skip'],
      ]),
    );
  });

  it('reads the Jest/Vitest JSON reporter shape', () => {
    const report = {
      testResults: [
        {
          name: '/repo/test/a.test.ts',
          assertionResults: [
            { ancestorTitles: ['parse'], title: 'handles arrays', status: 'passed' },
            { ancestorTitles: ['parse'], title: 'rejects junk', status: 'failed' },
            { ancestorTitles: [], title: 'later', status: 'pending' },
          ],
        },
      ],
    };
    expect(parseJestJson(JSON.stringify(report))).toEqual(
      new Map([
        ['parse > handles arrays', 'pass'],
        ['parse > rejects junk', 'fail'],
        ['later', 'skip'],
      ]),
    );
  });

  it('gives a name reported again (the same name in two files) an id of its own, in report order', () => {
    const xml =
      '<testsuites><testsuite name="a"><testcase name="t"/></testsuite><testsuite name="a"><testcase name="t"><failure/></testcase></testsuite><testsuite name="a"><testcase name="t #2"/><testcase name="t"/></testsuite></testsuites>';
    expect(parseJunit(xml)).toEqual(
      new Map([
        ['a > t', 'pass'],
        ['a > t #2', 'fail'],
        ['a > t #2 #2', 'pass'],
        ['a > t #3', 'pass'],
      ]),
    );
  });

  it.each([
    ['JUnit that is not XML', () => parseJunit('<testsuites><testcase name="x">')],
    ['XML that is not JUnit', () => parseJunit('<report/>')],
    ['TAP without a version or plan', () => parseTap('ok 1 - looks like a pass\n')],
    ['JSON that is not JSON', () => parseJestJson('{"testResults": [')],
  ])('refuses %s as malformed, never as passes', (_what, parse) => {
    expect(parse).toThrow(MalformedResults);
  });
});
