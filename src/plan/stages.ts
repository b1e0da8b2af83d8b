import { CrossoverError } from '../contracts/errors.js';
import type { Experiment } from '../contracts/experiment.js';
import type { Scorecard } from '../contracts/scorecard.js';
import {
  coverageSlice,
  describeShape,
  describeTasks,
  fitsShape,
  type SliceShape,
  type SliceTask,
  sliceOfShape,
} from './slice.js';

export const STAGE1 = { repeats: 2, maxTreatments: 3 } as const;
export const STAGE2 = { minRepeats: 3 } as const;
export const FEASIBILITY_GATES = ['setup', 'freshness', 'contamination', 'cleanup', 'observability'] as const;

function refuse(file: string, stage: number, rule: string, detail: string): CrossoverError {
  return new CrossoverError('refused', `${file}: refused by stage-${stage} rule "${rule}": ${detail}`);
}

/** The stage-1 slice's shape: the experiment's preregistered `slice`, else the coverage rule over the corpus. */
function stage1Shape(experiment: Experiment, corpus: readonly SliceTask[]): { shape: SliceShape; rule: string } | null {
  if (experiment.slice !== undefined)
    return { shape: experiment.slice, rule: `the preregistered slice ($.slice), ${describeShape(experiment.slice)}` };
  const covered = coverageSlice(corpus);
  return covered === null ? null : { shape: covered.shape, rule: describeShape(covered.shape) };
}

/**
 * Stage 1's tasks: the listed ones, which must have the slice's shape, or the first slice of that
 * shape in task-id order. The shape is the experiment's preregistered `slice` or the coverage rule
 * over what the corpus has (slice.ts), so any corpus has a stage 1.
 */
export function stage1Tasks<T extends SliceTask>(
  experiment: Experiment,
  file: string,
  corpus: { id: string; tasks: readonly T[] },
  listed: readonly T[] | null,
): T[] {
  const found = stage1Shape(experiment, corpus.tasks);
  if (found === null) throw refuse(file, 1, 'a slice of the corpus', `corpus ${corpus.id} has no tasks`);
  if (listed !== null) {
    if (!fitsShape(listed, found.shape)) throw refuse(file, 1, found.rule, `$.tasks gives ${describeTasks(listed)}`);
    return [...listed];
  }
  const slice = sliceOfShape(corpus.tasks, found.shape);
  if (slice === null) throw refuse(file, 1, found.rule, `corpus ${corpus.id} has no such slice`);
  return slice;
}

function checkStage1(experiment: Experiment, file: string): void {
  if (experiment.repeats !== STAGE1.repeats) throw refuse(file, 1, '2 repeats', `$.repeats is ${experiment.repeats}`);
  const treatments = experiment.arms.filter((a) => a.role === 'treatment').length;
  if (treatments > STAGE1.maxTreatments)
    throw refuse(file, 1, 'baseline plus at most 3 treatments', `$.arms holds ${treatments} treatments`);
  if (experiment.arms.some((a) => a.role === 'aa-control'))
    throw refuse(file, 1, 'A/B only', '$.arms holds an aa-control arm; A/A evidence belongs to stage 2');
}

function checkStage2(experiment: Experiment, file: string, tasks: readonly SliceTask[]): void {
  const { minTasks } = experiment.policy;
  if (tasks.length < minTasks)
    throw refuse(
      file,
      2,
      `at least ${minTasks} tasks ($.policy.minTasks)`,
      `the slice holds ${tasks.length} tasks: add tasks to the corpus, or preregister a smaller $.policy.minTasks (crossover power says what it buys)`,
    );
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
      'agents run in a sandbox (bubblewrap or container)',
      '$.sandbox is "none": an unconfined agent can read the hidden checks and write outside its workspace',
    );
  }
  if (experiment.stage1Scorecard === undefined) {
    throw refuse(file, 2, 'a stage-1 scorecard whose feasibility gates passed', '$.stage1Scorecard is missing');
  }
}

/**
 * The stage rules (docs/architecture.md) on the resolved slice; a broken rule is refused with its
 * name. Stage 0 has no shape rules: it probes and plans, and only synthetic agents run (see
 * blockers). An exploratory run has none either: any tasks, any agent, always descriptive.
 */
export function checkStageRules(experiment: Experiment, file: string, tasks: readonly SliceTask[]): void {
  if (experiment.slice !== undefined && experiment.stage !== 1)
    throw new CrossoverError(
      'invalid-input',
      `${file}: $.slice: a preregistered slice shape is a stage-1 rule, but $.stage is ${JSON.stringify(experiment.stage)}: remove it`,
    );
  if (experiment.stage === 1) checkStage1(experiment, file);
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
