import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusClass } from '../../src/contracts/receipt.js';
import { addInTreeExperiment, answerBytesOf, indexBuilds, receiptsOf, snapshotDigests } from './in-tree-experiment.js';
import { cli, smallProject } from './project.js';

const RUN_TIMEOUT = 300_000;

describe('eight concurrent trials on one task', () => {
  it(
    'from an empty cache, eight trials at once build the snapshot and the index once between them and none fails on the cache',
    async () => {
      const root = await smallProject({ probe: false });
      // A baseline and three treatments, two repeats: eight trials of one task, six needing the index.
      const file = await addInTreeExperiment(root, { id: 'eight', flavour: 'alpha', treatments: 3, repeats: 2 });
      const probed = await indexBuilds(root);
      // The probe works in scratch directories of its own: the run starts with nothing cached.
      expect(await readdir(join(root, '.crossover/cache')).catch(() => [])).toEqual([]);

      const run = await cli(root, ['run', file, '--concurrency', '8']);
      expect(run.code, `${run.out}\n${run.err}`).toBe(0);

      const receipts = await receiptsOf(root, 'eight');
      expect(receipts).toHaveLength(8);
      expect(receipts.filter((r) => statusClass(r.status) === 'invalid').map((r) => r.findings)).toEqual([]);
      const treatments = receipts.filter((r) => r.trial.role === 'treatment');
      expect(treatments).toHaveLength(6);
      for (const receipt of treatments) {
        expect(receipt.contextCalls).toMatchObject([
          { server: 'flavoured', tool: 'read_index', outcome: 'answer', answerBytes: answerBytesOf('alpha') },
        ]);
      }
      expect(await indexBuilds(root)).toEqual([...probed, 'alpha']);
      const digests = await snapshotDigests(root);
      expect(digests.snapshot).toBe(digests.task);
    },
    RUN_TIMEOUT,
  );
});
