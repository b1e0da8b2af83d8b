import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProviderSchema } from '../../src/contracts/provider.js';
import { loadTask } from '../../src/corpus/load.js';
import { providerPrefix } from '../../src/io/provider-install.js';
import { probeProvider } from '../../src/probe/probe.js';
import { RECIPES } from '../../src/providers/recipes.js';
import { freshnessOfRealIndex, installProviderOnce, processesMentioning, REPO, SANDBOX } from './support.js';

const INSTALL_TIMEOUT = 600_000;
/** valid-node's workspace defines pageCount in src/pages.js. */
const TASK = join(REPO, 'fixtures/tasks/valid-node');

/** The recipe as `crossover providers add codegraph` prints it, its sample call asking for the task's own symbol. */
function codegraphForTask() {
  const recipe = RECIPES.codegraph!.declaration;
  return ProviderSchema.parse({
    ...recipe,
    probe: {
      sample: { tool: 'codegraph_explore', args: { query: 'pageCount' }, expect: ['pageCount', 'src/pages.js'] },
    },
  });
}

describe('CodeGraph (@colbymchenry/codegraph@1.6.1), installed from the npm registry and probed from its recipe', () => {
  it(
    'probes eligible with no wrapper: in-tree index, sample call answering with the task symbol, a stable digest, no process left',
    async () => {
      const installed = await installProviderOnce('@colbymchenry/codegraph@1.6.1');
      expect(installed.integrity).toMatch(/^sha512-/);
      expect(installed.bins.map((bin) => bin.name)).toEqual(['codegraph']);
      const declaration = codegraphForTask();
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
      expect(first.identity.sample).toEqual({ status: 'ok', detail: null, tool: 'codegraph_explore' });
      expect(first.identity.tools).toEqual(['codegraph_explore']);
      expect(first.measurements.sample).toMatchObject({ isError: false, empty: false });
      expect(first.measurements.sample?.bytes).toBeGreaterThan(100);
      // Probed in the trial's sandbox: nothing outlived its step; what it tried on the network is a finding.
      expect(first.identity.containment).toMatchObject({
        sandbox: 'bubblewrap',
        network: 'none',
        survivors: { status: 'ok', detail: null },
        networkObserved: true,
        // Telemetry and downloads off in the recipe: it tries nothing.
        networkAttempts: [],
      });
      expect(processesMentioning(prefix)).toEqual([]);

      const second = await probeProvider(declaration, { sandbox: SANDBOX, root: REPO, sampleTask });
      expect(second.digest).toBe(first.digest);
      expect(JSON.stringify(second)).not.toContain(REPO);
      expect(processesMentioning(prefix)).toEqual([]);
    },
    INSTALL_TIMEOUT,
  );

  it(
    "the real case: without CODEGRAPH_NO_DAEMON, CodeGraph's detached daemon fails the probe, and none is left",
    async () => {
      await installProviderOnce('@colbymchenry/codegraph@1.6.1');
      const declared = codegraphForTask();
      const { CODEGRAPH_NO_DAEMON: _kept, ...env } = declared.env;
      const declaration = ProviderSchema.parse({ ...declared, env });
      const record = await probeProvider(declaration, {
        sandbox: SANDBOX,
        root: REPO,
        sampleTask: await loadTask(TASK),
      });
      expect(record.identity.containment.survivors.status, JSON.stringify(record.identity, null, 2)).toBe('failed');
      expect(record.eligibility.status).toBe('excluded');
      expect(record.eligibility.reasons.some((reason) => reason.startsWith('survivor: '))).toBe(true);
      expect(processesMentioning(providerPrefix(REPO, declaration.install!))).toEqual([]);
    },
    INSTALL_TIMEOUT,
  );

  it(
    'a server with no index answers, but the sample call on a provider whose index is missing fails the probe',
    async () => {
      await installProviderOnce('@colbymchenry/codegraph@1.6.1');
      const declaration = ProviderSchema.parse({ ...codegraphForTask(), index: undefined });
      const record = await probeProvider(declaration, {
        sandbox: SANDBOX,
        root: REPO,
        sampleTask: await loadTask(TASK),
      });
      expect(record.identity.setup.status).toBe('ok');
      expect(record.identity.sample.status).toBe('failed');
      expect(record.eligibility.status).toBe('excluded');
      expect(record.eligibility.reasons.some((reason) => reason.startsWith('sample-failed: codegraph_explore'))).toBe(
        true,
      );
    },
    INSTALL_TIMEOUT,
  );

  it(
    'a declared version the binary does not report makes the provider ineligible, not a note',
    async () => {
      await installProviderOnce('@colbymchenry/codegraph@1.6.1');
      const declaration = ProviderSchema.parse({
        ...codegraphForTask(),
        version: '1.6.0',
        index: undefined,
        probe: {},
      });
      const record = await probeProvider(declaration, {
        sandbox: SANDBOX,
        root: REPO,
        sampleTask: await loadTask(TASK),
      });
      expect(record.identity.version.status).toBe('failed');
      expect(record.eligibility.status).toBe('excluded');
      expect(record.eligibility.reasons.some((reason) => reason.startsWith('version-mismatch:'))).toBe(true);
    },
    INSTALL_TIMEOUT,
  );

  it(
    "its own per-file hashes match the bundled task's snapshot, and an edited file of the indexed copy is stale",
    async () => {
      await installProviderOnce('@colbymchenry/codegraph@1.6.1');
      const { built, edited } = await freshnessOfRealIndex(codegraphForTask(), TASK, 'src/pages.js');
      expect(built).toEqual({ fresh: true });
      expect(edited).toEqual({ fresh: false, detail: 'src/pages.js changed since it was indexed' });
    },
    INSTALL_TIMEOUT,
  );
});
