import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProviderSchema } from '../../src/contracts/provider.js';
import { loadTask } from '../../src/corpus/load.js';
import { providerPrefix } from '../../src/io/provider-install.js';
import { probeProvider } from '../../src/probe/probe.js';
import { RECIPES } from '../../src/providers/recipes.js';
import { freshnessOfRealIndex, installProviderOnce, processesMentioning, REPO, SANDBOX } from './support.js';

/**
 * Its install builds better-sqlite3 natively: minutes on an idle machine, over twenty on a loaded
 * one (measured: 1273 s). npm's shared cache (~/.npm) keeps the tarballs; the prefix keeps the build.
 */
const INSTALL_TIMEOUT = 1_800_000;
/** valid-node's workspace defines pageCount in src/pages.js. */
const TASK = join(REPO, 'fixtures/tasks/valid-node');

/** The recipe as `crossover providers add optave-codegraph` prints it, its sample call asking where the task's symbol is. */
function optaveForTask() {
  const recipe = RECIPES['optave-codegraph']!.declaration;
  return ProviderSchema.parse({
    ...recipe,
    probe: { sample: { tool: 'where', args: { target: 'pageCount' }, expect: ['pageCount', 'src/pages.js'] } },
  });
}

describe('optave codegraph (@optave/codegraph@3.11.2), installed from the npm registry and probed from its recipe', () => {
  it(
    'probes eligible with no wrapper: in-tree index, `where` answering with the task symbol, a stable digest, no process left',
    async () => {
      const installed = await installProviderOnce('@optave/codegraph@3.11.2');
      expect(installed.integrity).toMatch(/^sha512-/);
      expect(installed.bins.map((bin) => bin.name)).toContain('codegraph');
      const declaration = optaveForTask();
      const prefix = providerPrefix(REPO, declaration.install!);
      const sampleTask = await loadTask(TASK);

      const first = await probeProvider(declaration, { sandbox: SANDBOX, root: REPO, sampleTask });
      expect(first.eligibility, JSON.stringify(first.identity, null, 2)).toMatchObject({
        status: 'eligible',
        cohort: 'local',
      });
      expect(first.identity.index).toMatchObject({
        status: 'ok',
        revision: sampleTask.parts.workspace,
        freshness: { status: 'ok', detail: null },
      });
      expect(first.identity.version).toEqual({ status: 'ok', detail: null });
      expect(first.identity.sample).toEqual({ status: 'ok', detail: null, tool: 'where' });
      expect(first.identity.tools).toEqual(['context', 'file_deps', 'fn_impact', 'query', 'where']);
      expect(first.measurements.sample).toMatchObject({ isError: false, empty: false });
      expect(processesMentioning(prefix)).toEqual([]);

      const second = await probeProvider(declaration, { sandbox: SANDBOX, root: REPO, sampleTask });
      expect(second.digest).toBe(first.digest);
      expect(JSON.stringify(second)).not.toContain(REPO);
      expect(processesMentioning(prefix)).toEqual([]);
    },
    INSTALL_TIMEOUT,
  );

  it(
    "its own per-file hashes match the bundled task's snapshot, and an edited file of the indexed copy is stale",
    async () => {
      await installProviderOnce('@optave/codegraph@3.11.2');
      const { built, edited } = await freshnessOfRealIndex(optaveForTask(), TASK, 'src/pages.js');
      expect(built).toEqual({ fresh: true });
      expect(edited).toEqual({ fresh: false, detail: 'src/pages.js changed since it was indexed' });
    },
    INSTALL_TIMEOUT,
  );
});
