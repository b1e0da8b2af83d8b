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
