import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { main } from '../../src/cli/main.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { type ProbeRecord, sealProbeRecord } from '../../src/contracts/probe.js';
import { type ProviderInput, ProviderSchema } from '../../src/contracts/provider.js';
import { decideEligibility } from '../../src/probe/eligibility.js';

export interface TaskSpec {
  id: string;
  category: string;
  surface: 'api' | 'browser' | 'cli' | 'library';
}

export const CATEGORIES = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** A small valid corpus under `<root>/corpus`: every task has a workspace, one check and a reference. */
export async function writeCorpus(root: string, tasks: readonly TaskSpec[]): Promise<string> {
  const dir = join(root, 'corpus');
  await put(
    join(dir, 'corpus.json'),
    JSON.stringify({
      schema: 'crossover.corpus/1',
      id: 'test-corpus',
      version: '1.0.0',
      categories: CATEGORIES.map((id) => ({ id, title: id })),
    }),
  );
  for (const task of tasks) {
    const base = join(dir, 'tasks', task.id);
    await put(
      join(base, 'task.json'),
      JSON.stringify({
        schema: 'crossover.task/1',
        ...task,
        title: `Task ${task.id}`,
        timeoutSec: 120,
        checks: { required: [{ id: 'fixed', file: 'fixed.mjs', runner: 'node' }], regressions: [] },
      }),
    );
    await put(join(base, 'prompt.md'), `Fix ${task.id}.\n`);
    await put(join(base, 'workspace/src/index.js'), 'export const value = 1;\n');
    await put(join(base, 'reference/src/index.js'), 'export const value = 2;\n');
    await put(join(base, 'checks/fixed.mjs'), 'export default async () => {};\n');
  }
  return dir;
}

/** Four api and four browser tasks over six categories: enough for a stage-1 slice. */
export const SMALL_CORPUS: TaskSpec[] = [
  { id: 'api-a', category: 'c1', surface: 'api' },
  { id: 'api-b', category: 'c1', surface: 'api' },
  { id: 'api-c', category: 'c2', surface: 'api' },
  { id: 'api-d', category: 'c3', surface: 'api' },
  { id: 'web-a', category: 'c2', surface: 'browser' },
  { id: 'web-b', category: 'c3', surface: 'browser' },
  { id: 'web-c', category: 'c4', surface: 'browser' },
  { id: 'web-d', category: 'c5', surface: 'browser' },
  { id: 'lib-a', category: 'c6', surface: 'library' },
];

/** Writes `experiments/<name>.ts` importing defineExperiment from 'crossover', and the default prompt template. */
export async function writeExperiment(root: string, name: string, experiment: ExperimentInput): Promise<string> {
  await put(join(root, 'experiments/prompts/default.md'), 'Please help.\n\n{{task.prompt}}\n');
  const file = join(root, 'experiments', `${name}.ts`);
  await put(
    file,
    `import { defineExperiment } from 'crossover';\n\nexport default defineExperiment(${JSON.stringify(experiment, null, 2)});\n`,
  );
  return file;
}

/** A synthetic A/B experiment on the small corpus; override any field. */
export function syntheticExperiment(overrides: Partial<ExperimentInput> = {}): ExperimentInput {
  return {
    id: 'exp',
    stage: 0,
    corpus: '../corpus',
    agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.5 },
    arms: [
      { id: 'baseline', role: 'baseline' },
      {
        id: 'better',
        role: 'treatment',
        agent: { adapter: 'synthetic', behavior: 'seeded', successProbability: 0.75 },
      },
    ],
    repeats: 2,
    promptTemplate: 'prompts/default.md',
    sandbox: 'none',
    ...overrides,
  };
}

/** Runs `crossover <argv>` in-process with `root` as the working directory. */
export async function crossover(root: string, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { cwd: root, out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/**
 * A probe record for `declaration` as `crossover probe` writes one: schema-valid, its digest that of
 * its identity and its eligibility what the identity decides (planning recomputes both). `variant`
 * goes into the identity (its setup detail), so records of different variants differ in digest.
 * Returns the digest.
 */
export async function writeProbeRecord(probesDir: string, declaration: ProviderInput, variant = 'v1'): Promise<string> {
  const provider = ProviderSchema.parse(declaration);
  const identity: ProbeRecord['identity'] = {
    declaration: provider,
    setup: { status: 'ok', detail: variant },
    interface: null,
    tools: provider.allowedTools,
    index: { status: 'skipped', detail: 'no index command declared', sampleTask: null, revision: null },
    version: { status: 'skipped', detail: 'no version command declared' },
    sample: { status: 'skipped', detail: 'no sample call declared', tool: null },
    observability: 'mcp-protocol',
    egress: { posture: 'none', hosts: [], sendsSource: false, needsApproval: false, approved: false },
    credentials: [],
    limitations: [],
    containment: {
      sandbox: 'none',
      network: 'none',
      survivors: { status: 'ok', detail: null },
      networkObserved: false,
      networkAttempts: [],
    },
  };
  const record: ProbeRecord = sealProbeRecord({
    schema: 'crossover.probe/1',
    provider: provider.id,
    digest: digestOf(identity),
    identity,
    measurements: { setupMs: null, index: null, sample: null },
    eligibility: decideEligibility(identity),
  });
  await mkdir(probesDir, { recursive: true });
  await writeFile(join(probesDir, `${provider.id}.json`), JSON.stringify(record));
  return record.digest;
}
