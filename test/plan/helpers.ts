import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { TaskSpec } from '../../fixtures/corpus/small-corpus.js';
import { main } from '../../src/cli/main.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { type ProbeRecord, sealProbeRecord } from '../../src/contracts/probe.js';
import { type ProviderInput, ProviderSchema } from '../../src/contracts/provider.js';
import { decideEligibility } from '../../src/probe/eligibility.js';
import { placedDeclarationDigest } from '../../src/provider-runtime/command.js';
import { type CliRun, runCli } from '../helpers/cli.js';

export { CATEGORIES, type TaskSpec, writeCorpus } from '../../fixtures/corpus/small-corpus.js';

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
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

/** Runs `crossover <argv>` in-process from the sources, with `root` as the working directory. */
export async function crossover(root: string, argv: string[]): Promise<CliRun> {
  return runCli(main, root, argv);
}

/** Why a stage-1 plan on the coverage-rule slice of SMALL_CORPUS is blocked before `crossover corpus verify`. */
export const SLICE_NEVER_VERIFIED =
  'tasks never verified: api-a, api-c, web-b, web-c: run crossover corpus verify --task api-a --task api-c --task web-b --task web-c (stage 1, stage 2 and exploratory runs use only qualified tasks)';

/**
 * Qualifies tasks of the project's corpus for real (`crossover corpus verify`: the checks run in
 * bubblewrap, so only system tests call it) and fails unless every one qualified.
 */
export async function verifyTasks(root: string, ids: readonly string[]): Promise<void> {
  const verified = await crossover(root, ['corpus', 'verify', ...ids.flatMap((id) => ['--task', id])]);
  if (verified.code !== 0) throw new Error(`crossover corpus verify exited ${verified.code}: ${verified.err}`);
}

/**
 * A probe record for `declaration` as `crossover probe` writes one: schema-valid, its digest that of
 * its identity and its eligibility what the identity decides (planning recomputes both). `variant`
 * goes into the identity (its setup detail), so records of different variants differ in digest;
 * `setupDigest`, when given, is the digest of the one-time setup record it ran; `tools`, the tools
 * the server listed (by default the declaration's allowedTools). The record is bound
 * to the declaration as an experiment in `<root>/experiments` declares it (probesDir is
 * `<root>/.crossover/<experiment>/probes`). Returns the digest.
 */
export async function writeProbeRecord(
  probesDir: string,
  declaration: ProviderInput,
  variant = 'v1',
  setupDigest: string | null = null,
  /** the tools the server listed; by default the declaration's allowedTools */
  tools?: string[],
): Promise<string> {
  const provider = ProviderSchema.parse(declaration);
  const root = join(probesDir, '../../..');
  const identity: ProbeRecord['identity'] = {
    declaration: provider,
    providerSetup:
      setupDigest === null
        ? { status: 'skipped', detail: 'no setup step declared', digest: null }
        : { status: 'ok', detail: null, digest: setupDigest },
    setup: { status: 'ok', detail: variant },
    interface: null,
    tools: tools ?? provider.allowedTools,
    index: {
      status: 'skipped',
      detail: 'no index command declared',
      sampleTask: null,
      revision: null,
      freshness: { status: 'skipped', detail: 'no index was built' },
    },
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
    declarationDigest: placedDeclarationDigest(provider, join(root, 'experiments'), root),
    identity,
    measurements: { providerSetup: null, setupMs: null, index: null, sample: null },
    eligibility: decideEligibility(identity),
  });
  await mkdir(probesDir, { recursive: true });
  await writeFile(join(probesDir, `${provider.id}.json`), JSON.stringify(record));
  return record.digest;
}
