/**
 * The example task `crossover init` writes: a small library with one hidden defect, qualified
 * under the bundled rules (two required checks that fail on the start and pass on the reference, a
 * regression check that passes on both, a decoy a required check catches, relevant files).
 */
export const EXAMPLE_TASK_ID = 'example-page-count';

const LOAD = `import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The graded workspace's pager module (a check imports workspace code, never a copy of it). */
export function loadPager(workspace) {
  return import(pathToFileURL(join(workspace, 'src/pages.js')).href);
}
`;

const check = (assertions: string, uses = 'pageCount') => `import assert from 'node:assert/strict';
import { loadPager } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { ${uses} } = await loadPager(workspace);
${assertions}
}
`;

const pages = (count: string) => `/** How many pages \`items\` fill at \`perPage\` a page. */
export function pageCount(items, perPage) {
  return ${count};
}

/** The items of page \`page\` (from 0), at \`perPage\` a page. */
export function pageSlice(list, page, perPage) {
  return list.slice(page * perPage, (page + 1) * perPage);
}
`;

const TASK = {
  schema: 'crossover.task/1',
  id: EXAMPLE_TASK_ID,
  title: 'Page count drops the last, partly filled page',
  category: 'boundary-logic',
  surface: 'library',
  timeoutSec: 120,
  checks: {
    required: [
      { id: 'partial-last-page', file: 'partial-last-page.mjs', runner: 'node' },
      { id: 'fewer-items-than-a-page', file: 'fewer-items-than-a-page.mjs', runner: 'node' },
    ],
    regressions: [{ id: 'slices-pages', file: 'slices-pages.mjs', runner: 'node' }],
  },
  relevantFiles: ['src/pages.js'],
  protectedPaths: ['package.json'],
};

const PROMPT = `The pager of our list view shows one page too few.

With 11 items at 5 a page, the last page (item 11) cannot be reached: the pager says there are 2
pages. With a single item it says there are no pages at all. I expected 3 pages and 1 page.
`;

/** The task's files, relative to the task directory. */
export function exampleTaskFiles(): Record<string, string> {
  const base = `corpus/tasks/${EXAMPLE_TASK_ID}`;
  return {
    [`${base}/task.json`]: `${JSON.stringify(TASK, null, 2)}\n`,
    [`${base}/prompt.md`]: PROMPT,
    [`${base}/workspace/package.json`]: `${JSON.stringify({ name: 'pager', private: true, type: 'module' }, null, 2)}\n`,
    [`${base}/workspace/src/pages.js`]: pages('Math.floor(items / perPage)'),
    [`${base}/reference/src/pages.js`]: pages('Math.ceil(items / perPage)'),
    [`${base}/decoys/round/src/pages.js`]: pages('Math.round(items / perPage)'),
    [`${base}/checks/lib/load.mjs`]: LOAD,
    [`${base}/checks/partial-last-page.mjs`]: check(
      "  assert.equal(pageCount(11, 5), 3, '11 items at 5 a page fill 3 pages');",
    ),
    [`${base}/checks/fewer-items-than-a-page.mjs`]: check(
      "  assert.equal(pageCount(1, 10), 1, 'one item is one page');",
    ),
    [`${base}/checks/slices-pages.mjs`]: check(
      '  assert.equal(pageCount(10, 5), 2);\n  assert.deepEqual(pageSlice([1, 2, 3, 4, 5, 6, 7], 2, 3), [7]);',
      'pageCount, pageSlice',
    ),
  };
}
