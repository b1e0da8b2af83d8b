import { join } from 'node:path';
import { NODE_TEST_JUNIT, writeFiles } from './repository-task.js';

/**
 * The setup every generated task shares: it reads only deps.json (its declared input), the same
 * bytes in every task, so the whole corpus is set up once and every other task finds it cached.
 */
const SETUP = {
  command: 'mkdir -p vendor && cp deps.json vendor/deps.json',
  outputs: ['vendor'],
  inputs: ['deps.json'],
};

function source(index: number, fixed: boolean): string {
  // Task i's bug: the offset is off by one (the fix adds it).
  return `export function shift${index}(value) {\n  return value + ${fixed ? index + 1 : index};\n}\n`;
}

function tests(index: number, withNew: boolean): string {
  return `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { shift${index} } from '../src/shift.js';
test('keeps zero apart from the offset', () => assert.equal(typeof shift${index}(0), 'number'));
test('finds the setup outputs', () => assert.ok(existsSync('vendor/deps.json')));
${withNew ? `test('shifts by ${index + 1}', () => assert.equal(shift${index}(1), ${index + 2}));\n` : ''}`;
}

/** Task i of a generated corpus: a tiny repository task (node:test, a shared setup), its bug an off-by-one. */
async function generatedTask(dir: string, index: number): Promise<void> {
  const id = `gen-${String(index).padStart(4, '0')}`;
  await writeFiles(join(dir, id), {
    'task.json': JSON.stringify({
      schema: 'crossover.task/1',
      id,
      title: `shift${index} is off by one`,
      category: 'generated',
      surface: 'library',
      timeoutSec: 60,
      repository: {
        setup: SETUP,
        test: { command: NODE_TEST_JUNIT, format: 'junit', resultFile: 'junit.xml', timeoutSec: 120 },
        failToPass: [`shifts by ${index + 1}`],
        passToPass: ['finds the setup outputs', 'keeps zero apart from the offset'],
      },
    }),
    'prompt.md': `shift${index}(1) should be ${index + 2}.\n`,
    'workspace/package.json': `{ "name": "${id}", "type": "module" }\n`,
    'workspace/deps.json': '{ "shared": true }\n',
    'workspace/src/shift.js': source(index, false),
    'workspace/test/shift.test.js': tests(index, false),
    'checks/test/shift.test.js': tests(index, true),
    'reference/src/shift.js': source(index, true),
  });
}

/**
 * A corpus of `count` small generated repository tasks (ids gen-0000 …), imported rules: for
 * verification at scale (test/grading/corpus-verify-scale.test.ts with a few, bench/corpus-verify.ts
 * with 200). Returns the corpus directory.
 */
export async function generatedCorpus(dir: string, count: number): Promise<string> {
  await writeFiles(dir, {
    'corpus.json': JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'generated',
      version: '1',
      qualificationRules: 'imported',
      categories: [{ id: 'generated', title: 'Generated' }],
    }),
  });
  for (let index = 0; index < count; index += 1) await generatedTask(join(dir, 'tasks'), index);
  return dir;
}
