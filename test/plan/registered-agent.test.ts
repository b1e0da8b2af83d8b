import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDefinition } from '../../src/agents/definition.js';
import { registerAgent } from '../../src/agents/registry.js';
import type { Agent } from '../../src/contracts/agent.js';
import { derivePlan } from '../../src/plan/derive.js';
import { writeStandInAdapter } from '../helpers/stand-in-agent.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

let folder: string;
let standIn: AgentDefinition<Agent>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'crossover-stand-in-'));
  standIn = await writeStandInAdapter(folder);
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** `crossover plan` of the synthetic experiment with `agent` as its treatment arm's agent. */
async function planWith(agent: Record<string, unknown>) {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  const arms = [
    { id: 'baseline', role: 'baseline' },
    { id: 'stand-in', role: 'treatment', agent },
  ];
  await writeExperiment(root, 'exp', syntheticExperiment({ arms } as never));
  return { root, run: await crossover(root, ['plan', 'experiments/exp.ts']) };
}

const declared = { adapter: 'stand-in', file: 'src/a.js', content: 'x' };

describe('an adapter registered beside the built-in ones, from a folder of its own', () => {
  it('is refused by name until it is registered, and again once it is removed', async () => {
    const before = await planWith(declared);
    expect(before.run.code).toBe(2);
    expect(before.run.err).toContain('$.arms[1].agent.adapter: no agent adapter is named "stand-in"');
    const unregister = registerAgent(standIn);
    unregister();
    const after = await planWith(declared);
    expect(after.run.err).toContain('no agent adapter is named "stand-in"');
  });

  it('is planned with its declaration read by its own schema (its default filled in), and refused by it', async () => {
    const unregister = registerAgent(standIn);
    try {
      const { root } = await planWith(declared);
      const derived = await derivePlan({ root, experimentFile: 'experiments/exp.ts' });
      const arm = derived.plan.arms.find((planned) => planned.id === 'stand-in');
      expect(arm?.agent).toEqual({
        spec: { ...declared, label: 'v1' },
        executableDigest: null,
        promptTemplateDigest: expect.stringMatching(/^sha256:/),
      });
      // Blocked only by the stage rule a non-synthetic agent meets at stage 0, like any real agent.
      expect(derived.blocked).toEqual([
        "stage 0 probes and plans only: a real agent runs from stage 1 on, or in an exploratory run (stage: 'exploratory', any tasks, always descriptive)",
      ]);
      const misspelt = await planWith({ ...declared, lable: 'v2' });
      expect(misspelt.run.code).toBe(2);
      expect(misspelt.run.err).toContain('experiments/exp.ts: invalid');
      expect(misspelt.run.err).toContain('$.arms[1].agent.lable: unknown field');
    } finally {
      unregister();
    }
  });

  it('may not take a name already registered', () => {
    expect(() => registerAgent({ ...standIn, name: 'codex' })).toThrow(/codex is already registered/);
  });
});
