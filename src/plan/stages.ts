import { CrossoverError } from '../contracts/errors.js';
import type { Experiment } from '../contracts/experiment.js';
import type { Scorecard } from '../contracts/scorecard.js';

/** What the stage rules need to know of a task. */
export interface SliceTask {
  id: string;
  category: string;
  surface: string;
}

export const STAGE1 = { tasks: 4, api: 2, browser: 2, categories: 4, repeats: 2, maxTreatments: 3 } as const;
export const STAGE2 = { minTasks: 30, minRepeats: 3 } as const;
export const FEASIBILITY_GATES = ['setup', 'freshness', 'contamination', 'cleanup', 'observability'] as const;

function refuse(file: string, stage: number, rule: string, detail: string): CrossoverError {
  return new CrossoverError('refused', `${file}: refused by stage-${stage} rule "${rule}": ${detail}`);
}

function pairs<T>(items: readonly T[]): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) out.push([items[i] as T, items[j] as T]);
  return out;
}

/**
 * The stage-1 coverage rule, used when the experiment lists no tasks: among all choices of 2 api
 * and 2 browser tasks whose 4 categories are distinct, the first in task-id order (api pair first,
 * then browser pair, each pair in id order). Exhaustive rather than greedy, so it finds a slice
 * whenever one exists, and depends only on the corpus, never on the order tasks were read in.
 */
export function stage1Slice<T extends SliceTask>(tasks: readonly T[]): T[] | null {
  const byId = [...tasks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const apiPairs = pairs(byId.filter((t) => t.surface === 'api')).filter(([a, b]) => a.category !== b.category);
  const browserPairs = pairs(byId.filter((t) => t.surface === 'browser')).filter(([a, b]) => a.category !== b.category);
  for (const api of apiPairs) {
    for (const browser of browserPairs) {
      const slice = [...api, ...browser];
      if (new Set(slice.map((t) => t.category)).size === STAGE1.categories) return slice;
    }
  }
  return null;
}

function describeSlice(tasks: readonly SliceTask[]): string {
  return tasks.map((t) => `${t.id} (${t.surface}, ${t.category})`).join(', ');
}

function checkStage1(experiment: Experiment, file: string, tasks: readonly SliceTask[]): void {
  const api = tasks.filter((t) => t.surface === 'api').length;
  const browser = tasks.filter((t) => t.surface === 'browser').length;
  const categories = new Set(tasks.map((t) => t.category)).size;
  if (
    tasks.length !== STAGE1.tasks ||
    api !== STAGE1.api ||
    browser !== STAGE1.browser ||
    categories < STAGE1.categories
  ) {
    throw refuse(
      file,
      1,
      'a 4-task slice: 2 api, 2 browser, at least 4 categories',
      `$.tasks gives ${tasks.length} tasks, ${api} api, ${browser} browser, ${categories} categories: ${describeSlice(tasks)}`,
    );
  }
  if (experiment.repeats !== STAGE1.repeats) throw refuse(file, 1, '2 repeats', `$.repeats is ${experiment.repeats}`);
  const treatments = experiment.arms.filter((a) => a.role === 'treatment').length;
  if (treatments > STAGE1.maxTreatments)
    throw refuse(file, 1, 'baseline plus at most 3 treatments', `$.arms holds ${treatments} treatments`);
  if (experiment.arms.some((a) => a.role === 'aa-control'))
    throw refuse(file, 1, 'A/B only', '$.arms holds an aa-control arm; A/A evidence belongs to stage 2');
}

function checkStage2(experiment: Experiment, file: string, tasks: readonly SliceTask[]): void {
  if (tasks.length < STAGE2.minTasks)
    throw refuse(file, 2, 'at least 30 tasks', `the slice holds ${tasks.length} tasks`);
  if (experiment.repeats < STAGE2.minRepeats)
    throw refuse(file, 2, 'at least 3 repeats', `$.repeats is ${experiment.repeats}`);
  if (!experiment.arms.some((a) => a.role === 'aa-control'))
    throw refuse(file, 2, 'an independent aa-control arm', '$.arms holds no arm with role "aa-control"');
  const sandboxed = [experiment.agent, ...experiment.arms.map((a) => a.agent)].some(
    (agent) => agent !== undefined && agent.adapter !== 'synthetic',
  );
  // Synthetic agents act in-process and never run under a sandbox; every other agent must.
  if (experiment.sandbox === 'none' && sandboxed) {
    throw refuse(
      file,
      2,
      'agents run in the bubblewrap sandbox',
      '$.sandbox is "none": an unconfined agent can read the hidden checks and write outside its workspace',
    );
  }
  if (experiment.stage1Scorecard === undefined) {
    throw refuse(file, 2, 'a stage-1 scorecard whose feasibility gates passed', '$.stage1Scorecard is missing');
  }
}

/**
 * The stage rules (docs/architecture.md) on the resolved slice; a broken rule is refused with its name. Stage 0
 * has no shape rules: it probes and plans, and only synthetic agents run (see blockers).
 */
export function checkStageRules(experiment: Experiment, file: string, tasks: readonly SliceTask[]): void {
  if (experiment.stage === 1) checkStage1(experiment, file, tasks);
  if (experiment.stage === 2) checkStage2(experiment, file, tasks);
}

/** The feasibility gates a parsed stage-1 scorecard does not show as passed. */
export function failedFeasibilityGates(scorecard: Pick<Scorecard, 'feasibility'>): string[] {
  return FEASIBILITY_GATES.filter((gate) => !scorecard.feasibility[gate].passed);
}

/** What the stage-2 plan requires of the stage-1 run it rests on. */
export interface Stage1Requirement {
  corpus: { id: string; version: string; digest: string };
  /** the stage-2 arms that are compared (baseline and treatments), with their agent adapter and provider */
  arms: readonly { id: string; role: string; adapter: string; provider: string | null }[];
}

/**
 * Why a parsed scorecard cannot stand as the stage-1 evidence of this stage-2 plan, each naming the
 * field that fails: it must come from stage 1, from the same corpus at the same digest, and must have
 * run every compared arm with the same role, agent adapter and provider. Pure.
 */
export function stage1Mismatches(scorecard: Scorecard, required: Stage1Requirement): string[] {
  const problems: string[] = [];
  if (scorecard.experiment.stage !== 1)
    problems.push(`$.experiment.stage is ${scorecard.experiment.stage}, expected 1`);
  for (const key of ['id', 'version', 'digest'] as const) {
    if (scorecard.corpus[key] !== required.corpus[key])
      problems.push(
        `$.corpus.${key} is ${JSON.stringify(scorecard.corpus[key])}, expected ${JSON.stringify(required.corpus[key])}`,
      );
  }
  for (const arm of required.arms) {
    const index = scorecard.arms.findIndex((a) => a.id === arm.id);
    const found = scorecard.arms[index];
    if (!found) {
      problems.push(`$.arms holds no arm ${arm.id}: stage 1 never ran it`);
      continue;
    }
    const expected = { role: arm.role, adapter: arm.adapter, provider: arm.provider };
    for (const [field, value] of Object.entries(expected)) {
      const actual = found[field as keyof typeof expected];
      if (actual !== value)
        problems.push(`$.arms[${index}].${field} is ${JSON.stringify(actual)}, expected ${JSON.stringify(value)}`);
    }
  }
  return problems;
}
