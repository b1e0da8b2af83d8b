import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Repository } from '../../src/contracts/corpus.js';

/** The test command every repository fixture uses: node:test's JUnit reporter into $CROSSOVER_RESULTS. */
export const NODE_TEST_JUNIT =
  'node --test --test-reporter=junit --test-reporter-destination="$CROSSOVER_RESULTS/junit.xml"';

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

export const SLUG_BUGGY = "export function slug(text) {\n  return text.toLowerCase().replace(' ', '-');\n}\n";
export const SLUG_FIXED =
  "export function slug(text) {\n  return text.trim().toLowerCase().split(/\\s+/).join('-');\n}\n";
const OLD_TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slug } from '../src/slug.js';
test('lower-cases', () => assert.equal(slug('Hello'), 'hello'));
test('joins two words', () => assert.equal(slug('a b'), 'a-b'));
`;
export const HIDDEN_TESTS = `${OLD_TESTS}test('joins many words', () => assert.equal(slug('a b c'), 'a-b-c'));
test('trims', () => assert.equal(slug(' a '), 'a'));
`;

/**
 * A small repository task written by hand: `slug` replaces only the first space; the fix's tests
 * (hidden, at their repository path test/slug.test.js) add two fail-to-pass tests to the two
 * pass-to-pass ones.
 */
export async function slugTask(dir: string, repository: Partial<Repository> = {}): Promise<string> {
  await writeFiles(dir, {
    'task.json': JSON.stringify({
      schema: 'crossover.task/1',
      id: 'slug',
      title: 'slug joins only the first two words',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 60,
      repository: {
        test: { command: NODE_TEST_JUNIT, format: 'junit', resultFile: 'junit.xml' },
        failToPass: ['joins many words', 'trims'],
        passToPass: ['lower-cases', 'joins two words'],
        ...repository,
      },
    }),
    'prompt.md': 'slug("a b c") gives "a-b c"; it should give "a-b-c".\n',
    'workspace/package.json': '{ "name": "slug", "type": "module" }\n',
    'workspace/src/slug.js': SLUG_BUGGY,
    'workspace/test/slug.test.js': OLD_TESTS,
    'checks/test/slug.test.js': HIDDEN_TESTS,
    'reference/src/slug.js': SLUG_FIXED,
  });
  return dir;
}

const MEAN_BUGGY = 'def mean(values):\n    return sum(values) // len(values)\n';
export const MEAN_FIXED =
  'def mean(values):\n    if not values:\n        raise ValueError("mean of nothing")\n    return sum(values) / len(values)\n';
/** Fixes the fraction but still crashes on an empty list: caught by test_raises. */
const MEAN_DECOY = 'def mean(values):\n    return sum(values) / len(values)\n';
const MEAN_OLD_TESTS = 'from stats import mean\n\n\ndef test_whole():\n    assert mean([2, 4]) == 3\n';
const MEAN_NEW_TESTS = `${MEAN_OLD_TESTS}

def test_fraction():
    assert mean([1, 2]) == 1.5


class TestEmpty:
    def test_raises(self):
        import pytest
        with pytest.raises(ValueError):
            mean([])
`;

/**
 * A Python repository task graded by Debian's python3-pytest through the same path as a Node one;
 * with `dockerfile`, it declares that Dockerfile (at environment/Dockerfile) as its environment,
 * and a decoy that fixes only the fraction.
 */
export async function pythonTask(dir: string, dockerfile?: string): Promise<string> {
  await writeFiles(dir, {
    'task.json': JSON.stringify({
      schema: 'crossover.task/1',
      id: 'mean-fraction',
      title: 'mean drops the fraction',
      category: 'boundary-logic',
      surface: 'library',
      timeoutSec: 60,
      repository: {
        test: {
          command: '/usr/bin/python3 -m pytest -q -p no:cacheprovider --junitxml="$CROSSOVER_RESULTS/junit.xml"',
          format: 'junit',
          resultFile: 'junit.xml',
        },
        failToPass: ['tests/test_stats.py::test_fraction', 'tests/test_stats.py::TestEmpty::test_raises'],
        passToPass: ['tests/test_stats.py::test_whole'],
      },
      ...(dockerfile === undefined ? {} : { environment: { dockerfile: 'environment/Dockerfile' } }),
    }),
    'prompt.md': 'mean([1, 2]) gives 1, not 1.5; mean([]) crashes with ZeroDivisionError.\n',
    'workspace/stats/__init__.py': 'from .mean import mean\n',
    'workspace/stats/mean.py': MEAN_BUGGY,
    'workspace/tests/test_stats.py': MEAN_OLD_TESTS,
    'checks/tests/test_stats.py': MEAN_NEW_TESTS,
    'reference/stats/mean.py': MEAN_FIXED,
    ...(dockerfile === undefined
      ? {}
      : { 'environment/Dockerfile': dockerfile, 'decoys/divide-only/stats/mean.py': MEAN_DECOY }),
  });
  return dir;
}
