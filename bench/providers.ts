/**
 * Provider cost per task: the probe's wall time, its handshake (setup), its index build and its
 * sample call, for CodeGraph (@colbymchenry/codegraph 1.6.1, from its recipe) beside the bundled
 * code-search server, on three bundled tasks. CodeGraph must be installed first
 * (`npx crossover providers install @colbymchenry/codegraph@1.6.1`). Prints figures; asserts nothing.
 *
 *   npm run bench:providers
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Provider, ProviderSchema } from '../src/contracts/provider.js';
import { loadTask } from '../src/corpus/load.js';
import { requireSandbox } from '../src/io/sandbox.js';
import { probeProvider } from '../src/probe/probe.js';
import { RECIPES } from '../src/providers/recipes.js';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TASKS = [
  'fixtures/tasks/valid-node',
  'corpus/tasks/api-pagination-last-page',
  'corpus/tasks/web-todo-filter-count',
];
const CODE_SEARCH_DIR = join(REPO, 'fixtures/providers/code-search');

const providers: { name: string; declaration: Provider; baseDir: string }[] = [
  {
    name: 'code-search (bundled)',
    declaration: ProviderSchema.parse(JSON.parse(readFileSync(join(CODE_SEARCH_DIR, 'provider.json'), 'utf8'))),
    baseDir: CODE_SEARCH_DIR,
  },
  { name: 'codegraph 1.6.1', declaration: ProviderSchema.parse(RECIPES.codegraph!.declaration), baseDir: REPO },
];

const ms = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${value} ms`);

const sandbox = await requireSandbox();
console.log('provider               task                         probe     setup     index     sample    eligibility');
for (const task of TASKS) {
  const sampleTask = await loadTask(join(REPO, task));
  for (const { name, declaration, baseDir } of providers) {
    const started = performance.now();
    const record = await probeProvider(declaration, { root: REPO, baseDir, sampleTask, sandbox });
    const wall = Math.round(performance.now() - started);
    const { setupMs, index, sample } = record.measurements;
    console.log(
      [
        name.padEnd(22),
        sampleTask.task.id.padEnd(28),
        ms(wall).padStart(9),
        ms(setupMs).padStart(9),
        ms(index?.ms).padStart(9),
        ms(sample?.ms).padStart(9),
        `   ${record.eligibility.status}`,
      ].join(' '),
    );
  }
}
