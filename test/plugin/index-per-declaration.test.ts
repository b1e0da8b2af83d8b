import { rm } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { statusClass } from '../../src/contracts/receipt.js';
import { addInTreeExperiment, answerBytesOf, indexBuilds, receiptsOf, snapshotDigests } from './in-tree-experiment.js';
import { cli, planDir, smallProject } from './project.js';

const RUN_TIMEOUT = 300_000;

/** `crossover run <file>`, which must exit 0. */
async function run(root: string, file: string): Promise<void> {
  const result = await cli(root, ['run', file, '--concurrency', '2']);
  expect(result.code, `${result.out}\n${result.err}`).toBe(0);
}

/** Every treatment trial of the experiment called read_index once and got the answer of `flavour`'s index. */
async function expectAnswers(root: string, experimentId: string, flavour: string): Promise<void> {
  const receipts = await receiptsOf(root, experimentId);
  expect(receipts.map((r) => statusClass(r.status))).not.toContain('invalid');
  const treatments = receipts.filter((r) => r.trial.role === 'treatment');
  expect(treatments).toHaveLength(1);
  for (const receipt of treatments) {
    expect(receipt.contextCalls).toMatchObject([
      { server: 'flavoured', tool: 'read_index', outcome: 'answer', answerBytes: answerBytesOf(flavour) },
    ]);
  }
}

describe('an index per declaration, across runs', () => {
  it(
    'two experiments declaring one provider id two ways each get their own index, the snapshot stays intact, and a rerun reuses its own',
    async () => {
      const root = await smallProject({ probe: false });
      // Flavours of different lengths: the receipt records an answer's bytes, not its text.
      const a = await addInTreeExperiment(root, { id: 'alpha', flavour: 'alpha', treatments: 1, repeats: 1 });
      const b = await addInTreeExperiment(root, { id: 'bravo', flavour: 'bravo-bravo', treatments: 1, repeats: 1 });
      // The probes build indexes of their own, in scratch directories.
      const probed = await indexBuilds(root);

      await run(root, a);
      expect(await indexBuilds(root)).toEqual([...probed, 'alpha']);
      await expectAnswers(root, 'alpha', 'alpha');

      await run(root, b);
      expect(await indexBuilds(root)).toEqual([...probed, 'alpha', 'bravo-bravo']);
      await expectAnswers(root, 'bravo', 'bravo-bravo');

      const digests = await snapshotDigests(root);
      expect(digests.snapshot).toBe(digests.task);

      // A again from a fresh plan state (its receipts would be replayed otherwise), the caches kept.
      await rm(await planDir(root, 'alpha'), { recursive: true });
      await run(root, a);
      expect(await indexBuilds(root)).toEqual([...probed, 'alpha', 'bravo-bravo']);
      await expectAnswers(root, 'alpha', 'alpha');
    },
    RUN_TIMEOUT,
  );
});
