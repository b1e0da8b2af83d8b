import type { Surface } from '../../contracts/corpus.js';

/**
 * A new task's files, relative to its directory: they load and verify, and verification says what
 * is left to write (each TODO check fails on the reference until it asserts the fix). The layout is
 * corpus/README.md's: prompt, starting workspace, hidden checks, reference overlay, a decoy.
 */
export function taskSkeleton(id: string, category: string, surface: Surface): Record<string, string> {
  const task = {
    schema: 'crossover.task/1',
    id,
    title: 'TODO: one line saying what is wrong',
    category,
    surface,
    timeoutSec: 120,
    checks: {
      required: [
        { id: 'fixed', file: 'fixed.mjs', runner: 'node' },
        { id: 'fixed-edge-case', file: 'fixed-edge-case.mjs', runner: 'node' },
      ],
      regressions: [{ id: 'still-works', file: 'still-works.mjs', runner: 'node' }],
    },
    relevantFiles: ['src/index.js'],
  };
  const check = (what: string) => `import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Hidden from the agent. Import the graded workspace's code and assert ${what}.
export default async function ({ workspace }) {
  const module = await import(pathToFileURL(join(workspace, 'src/index.js')).href);
  assert.ok(module, 'the workspace module loads');
  assert.fail('TODO: assert ${what}');
}
`;
  return {
    'task.json': `${JSON.stringify(task, null, 2)}\n`,
    'prompt.md': 'TODO: what a user saw, how to reproduce it, what they expected. Never the fix or the checks.\n',
    'workspace/src/index.js': '// TODO: the starting tree, with the defect in it.\nexport const value = 1;\n',
    'reference/src/index.js':
      '// TODO: the files the minimal fix changes, at their workspace paths.\nexport const value = 2;\n',
    'decoys/plausible-wrong-fix/src/index.js':
      '// TODO: a fix that looks right and fails a required check.\nexport const value = 3;\n',
    'checks/fixed.mjs': check('the behaviour the fix brings (fails on the start, passes on the reference)'),
    'checks/fixed-edge-case.mjs': check('a second case of the fix (the decoy fails one of these two)'),
    'checks/still-works.mjs': check('what already works and must keep working (passes on both)'),
  };
}
