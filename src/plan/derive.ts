import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkLoginHome } from '../agents/login.js';
import { digestBytes, digestOf, sha256Hex } from '../contracts/canonical.js';
import { CrossoverError, jsonPath, parseJsonText } from '../contracts/errors.js';
import type { Experiment } from '../contracts/experiment.js';
import {
  PLAN_FORMAT,
  type Plan,
  type PlannedArm,
  type PlannedSetup,
  PlanSchema,
  plannedTrials,
} from '../contracts/plan.js';
import { ScorecardSchema } from '../contracts/scorecard.js';
import { type LoadedCorpus, type LoadedTask, loadCorpus } from '../corpus/load.js';
import { rootRelative } from '../io/paths.js';
import { approvalReasons } from './approval.js';
import { bindArms, type Context, readText } from './bind-arms.js';
import { planBlockers } from './blockers.js';
import { costBound } from './cost.js';
import { probeEnvironment } from './environment.js';
import { bindImages } from './images.js';
import { type LoadedExperiment, loadExperiment } from './load-experiment.js';
import { renderPrompt } from './prompt.js';
import { checkArms } from './rules.js';
import { buildSchedule } from './schedule.js';
import { bindSetups } from './setups.js';
import { seededShuffle } from './shuffle.js';
import { checkStageRules, failedFeasibilityGates, stage1Mismatches, stage1Tasks } from './stages.js';
import { type PlanSummary, summarizePlan, trialsPerArm } from './summary.js';

export interface DerivedPlan {
  plan: Plan;
  /** digestOf(plan): the plan id */
  id: string;
  runnable: boolean;
  /** why the plan may not run yet; empty when runnable */
  blocked: string[];
  summary: PlanSummary;
  /** the experiment the plan was derived from */
  experiment: LoadedExperiment;
  /** the tasks of the slice as loaded, in plan order */
  tasks: LoadedTask[];
  /** the login directory (absolute) every trial leases its agent's login from; null: API-key auth */
  authHome: string | null;
}

/** The listed tasks of the corpus, in the listed order; an unknown, refused or repeated id is refused. */
function listedTasks(ids: readonly string[], corpus: LoadedCorpus, file: string): LoadedTask[] {
  const seen = new Set<string>();
  return ids.map((id, index) => {
    const task = corpus.tasks.find((t) => t.task.id === id);
    const refused = corpus.refused.find((t) => t.id === id);
    if (refused)
      throw new CrossoverError(
        'invalid-input',
        `${file}: $.tasks[${index}]: task "${id}" is refused: ${refused.reason}`,
      );
    if (!task)
      throw new CrossoverError(
        'invalid-input',
        `${file}: $.tasks[${index}]: expected a task of corpus ${corpus.corpus.id}, "${id}" is not one`,
      );
    if (seen.has(id))
      throw new CrossoverError('invalid-input', `${file}: $.tasks[${index}]: task "${id}" is listed twice`);
    seen.add(id);
    return task;
  });
}

/** The task slice: listed ids in the listed order, stage 1's slice (stages.ts), or every task. */
function selectTasks(experiment: Experiment, corpus: LoadedCorpus, file: string): LoadedTask[] {
  const listed = experiment.tasks ? listedTasks(experiment.tasks, corpus, file) : null;
  if (experiment.stage !== 1) return listed ?? corpus.tasks;
  const facts = (t: LoadedTask) => ({ id: t.task.id, category: t.task.category, surface: t.task.surface, loaded: t });
  const slice = stage1Tasks(
    experiment,
    file,
    { id: corpus.corpus.id, tasks: corpus.tasks.map(facts) },
    listed?.map(facts) ?? null,
  );
  return slice.map((t) => t.loaded);
}

/** Reads the prompt template, proves it renders every task's prompt, and binds its digest. */
async function bindPrompt(ctx: Context, tasks: readonly LoadedTask[]): Promise<Plan['prompt']> {
  const path = resolve(ctx.loaded.dir, ctx.loaded.experiment.promptTemplate);
  const template = await readText(path, `${ctx.file}: $.promptTemplate`);
  try {
    for (const task of tasks) renderPrompt(template, { id: task.task.id, title: task.task.title, prompt: task.prompt });
  } catch (error) {
    throw new CrossoverError('invalid-input', `${path}: ${(error as Error).message}`);
  }
  return { template: rootRelative(ctx.root, path, `${ctx.file}: $.promptTemplate`), digest: digestBytes(template) };
}

const STAGE1_RULE = 'a stage-1 scorecard whose feasibility gates passed';

/**
 * Stage 2 names the stage-1 scorecard whose feasibility gates passed; the plan binds its bytes. The
 * file is parsed as a scorecard (a forged or foreign JSON is refused naming the field) and must be
 * the stage-1 run of this corpus and these arms.
 */
async function bindStage1Scorecard(
  ctx: Context,
  corpus: LoadedCorpus,
  arms: readonly PlannedArm[],
): Promise<Plan['stage1Scorecard']> {
  const { experiment, dir } = ctx.loaded;
  if (experiment.stage !== 2 || experiment.stage1Scorecard === undefined) return null;
  const path = resolve(dir, experiment.stage1Scorecard);
  const what = `${ctx.file}: $.stage1Scorecard`;
  const text = await readText(path, what);
  const refuse = (detail: string) =>
    new CrossoverError('refused', `${ctx.file}: refused by stage-2 rule "${STAGE1_RULE}": ${path}: ${detail}`);
  const parsed = ScorecardSchema.safeParse(parseJsonText(text, path));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(`not a scorecard: ${jsonPath(issue?.path ?? [])}: ${issue?.message ?? 'invalid'}`);
  }
  const mismatches = stage1Mismatches(parsed.data, {
    corpus: { id: corpus.corpus.id, version: corpus.corpus.version, digest: corpus.digest },
    arms: arms
      .filter((arm) => arm.role !== 'aa-control')
      .map((arm) => ({
        id: arm.id,
        role: arm.role,
        adapter: arm.agent.spec.adapter,
        provider: arm.provider?.id ?? null,
      })),
  });
  if (mismatches.length > 0) throw refuse(`not the stage-1 run this plan needs: ${mismatches.join('; ')}`);
  const failed = failedFeasibilityGates(parsed.data);
  if (failed.length > 0) throw refuse(`does not show ${failed.join(', ')} as passed`);
  return { path: rootRelative(ctx.root, path, what), digest: digestBytes(text) };
}

/** The preregistered skill of each task of the slice ("none" included); refuses a key that is no task of the corpus. */
function expectedSkills(experiment: Experiment, corpus: LoadedCorpus, tasks: readonly LoadedTask[], file: string) {
  for (const id of Object.keys(experiment.taskSkills)) {
    if (!corpus.tasks.some((t) => t.task.id === id))
      throw new CrossoverError(
        'invalid-input',
        `${file}: $.taskSkills.${id}: expected a task of corpus ${corpus.corpus.id}, "${id}" is not one`,
      );
  }
  return new Map(
    tasks.flatMap((t) => {
      const skill = experiment.taskSkills[t.task.id];
      return skill === undefined ? [] : [[t.task.id, skill] as const];
    }),
  );
}

/**
 * The login directory of a lease, by path only: `--auth-home` (relative to the working directory)
 * or the experiment's `authHome` (relative to the experiment file, or "~/…"). A directory a lease
 * may not use blocks the plan with the reason, so nothing runs.
 */
async function leasedLoginHome(
  ctx: Context,
  arms: readonly PlannedArm[],
  env: NodeJS.ProcessEnv,
  option: string | undefined,
): Promise<string | null> {
  const declared = ctx.loaded.experiment.authHome;
  if (option === undefined && declared === undefined) return null;
  const home = env.HOME ?? homedir();
  const dir =
    option !== undefined
      ? resolve(option)
      : declared!.startsWith('~/')
        ? join(home, declared!.slice(2))
        : resolve(ctx.loaded.dir, declared!);
  const what = option !== undefined ? `--auth-home ${option}` : `${ctx.file}: $.authHome`;
  for (const adapter of new Set(arms.map((arm) => arm.agent.spec.adapter))) {
    const refused = await checkLoginHome(dir, adapter, env, what).then(
      () => null,
      (error: Error) => error.message,
    );
    if (refused !== null && !ctx.blocked.includes(refused)) ctx.blocked.push(refused);
  }
  return dir;
}

/**
 * The preregistered reproducibility subset: for every arm, the first repeat of `tasksPerArm` tasks
 * (the same tasks for every arm, chosen by the experiment's seed) is run once more under an id of
 * its own. Re-runs are never scheduled trials, so no statistic counts them.
 */
function reproducibilitySubset(experiment: Experiment, schedule: Plan['schedule']): Plan['reproducibility'] {
  if (experiment.reproducibility === undefined) return null;
  const { tasksPerArm } = experiment.reproducibility;
  const taskIds = [...new Set(schedule.trials.map((trial) => trial.taskId))];
  const chosen = new Set(seededShuffle(taskIds, `${experiment.id}/reproducibility`).slice(0, tasksPerArm));
  const reruns = schedule.trials
    .filter((trial) => trial.repeat === 1 && chosen.has(trial.taskId))
    .map((trial) => ({ of: trial.id, trial: { ...trial, id: sha256Hex(`${trial.id}#re-run`).slice(0, 24) } }));
  return { tasksPerArm, reruns };
}

function credentialNames(experiment: Experiment): string[] {
  const used = new Set(experiment.arms.map((a) => a.provider));
  const names = [
    ...experiment.credentials,
    ...experiment.providers.filter((p) => used.has(p.id)).flatMap((p) => p.credentials),
  ];
  return [...new Set(names)].sort();
}

function egressHosts(experiment: Experiment): string[] {
  const used = new Set(experiment.arms.map((a) => a.provider));
  const hosts = [
    ...experiment.egress.hosts,
    ...experiment.providers.filter((p) => used.has(p.id)).flatMap((p) => p.egress.hosts),
  ];
  return [...new Set(hosts)].sort();
}

/** The schedule of the slice's trials, the reproducibility re-runs and the cost bound of all of them. */
function scheduleOf(experiment: Experiment, tasks: readonly LoadedTask[], arms: readonly PlannedArm[]) {
  const schedule = buildSchedule({
    experimentId: experiment.id,
    tasks: tasks.map((t) => ({ id: t.task.id, digest: t.digest })),
    armIds: arms.map((a) => a.id),
    repeats: experiment.repeats,
  });
  const reproducibility = reproducibilitySubset(experiment, schedule);
  const reruns = plannedTrials({ schedule, reproducibility })
    .filter((planned) => planned.rerunOf !== null)
    .map((planned) => planned.trial);
  const cost = costBound(experiment, trialsPerArm({ schedule }), trialsPerArm({ schedule: { trials: reruns } }));
  return { schedule, reproducibility, cost };
}

/** Each task of the slice as the plan binds it: by digest, with its time limit, skill, setup and image. */
function plannedTasks(
  experiment: Experiment,
  tasks: readonly LoadedTask[],
  skills: ReadonlyMap<string, string>,
  setups: ReadonlyMap<string, PlannedSetup>,
  images: ReadonlyMap<string, string | null>,
): Plan['tasks'] {
  return tasks.map((t) => ({
    id: t.task.id,
    digest: t.digest,
    category: t.task.category,
    surface: t.task.surface,
    timeoutSec: Math.min(t.task.timeoutSec, experiment.budget.trialTimeoutSec),
    relevantFiles: t.task.relevantFiles ?? null,
    expectedSkill: skills.get(t.task.id) ?? null,
    ...(setups.has(t.task.id) ? { setup: setups.get(t.task.id) } : {}),
    ...(images.has(t.task.id) ? { image: images.get(t.task.id) } : {}),
  }));
}

/**
 * Derives the immutable plan of an experiment: binds every identity (docs/architecture.md, "The pipeline"), fixes the
 * schedule and says whether it may run. Refuses (throws) an invalid experiment or one that breaks
 * its stage's rules; a plan that is merely blocked is returned with its reasons. Never starts an
 * agent or a provider.
 */
export async function derivePlan(input: {
  experimentFile: string;
  root: string;
  env?: NodeJS.ProcessEnv;
  /** `--auth-home`: a login directory, instead of the experiment's `authHome` */
  authHome?: string;
}): Promise<DerivedPlan> {
  const root = resolve(input.root);
  const env = input.env ?? process.env;
  const loaded = await loadExperiment(resolve(root, input.experimentFile));
  const file = rootRelative(root, loaded.file, loaded.file);
  const ctx: Context = { root, loaded, file, blocked: [], env };
  const { experiment } = loaded;
  checkArms(experiment, file);
  const corpus = await loadCorpus(resolve(loaded.dir, experiment.corpus));
  const tasks = selectTasks(experiment, corpus, file);
  checkStageRules(
    experiment,
    file,
    tasks.map((t) => ({ id: t.task.id, category: t.task.category, surface: t.task.surface })),
  );
  const prompt = await bindPrompt(ctx, tasks);
  const { environment, blocked: environmentBlocked } = await probeEnvironment(experiment.sandbox, env);
  const taskSkills = expectedSkills(experiment, corpus, tasks, file);
  const arms = await bindArms(ctx, prompt.digest, [...taskSkills.values()]);
  const images = await bindImages(experiment.sandbox, tasks, file);
  const setups = await bindSetups(root, tasks, images.images);
  const stage1Scorecard = await bindStage1Scorecard(ctx, corpus, arms);
  const authHome = await leasedLoginHome(ctx, arms, env, input.authHome);
  const { schedule, reproducibility, cost } = scheduleOf(experiment, tasks, arms);
  const reasons = approvalReasons(
    experiment,
    cost,
    arms.flatMap((a) => (a.provider ? [a.provider.id] : [])),
  );
  const plan: Plan = PlanSchema.parse({
    schema: PLAN_FORMAT,
    experiment: { id: experiment.id, title: experiment.title ?? null, stage: experiment.stage, file },
    corpus: {
      id: corpus.corpus.id,
      version: corpus.corpus.version,
      digest: corpus.digest,
      path: rootRelative(root, corpus.dir, `${file}: $.corpus`),
    },
    tasks: plannedTasks(experiment, tasks, taskSkills, setups.setups, images.images),
    prompt,
    environment,
    arms,
    repeats: experiment.repeats,
    schedule,
    policy: experiment.policy,
    budget: experiment.budget,
    cost,
    egress: { hosts: egressHosts(experiment) },
    credentials: credentialNames(experiment),
    reproducibility,
    auth: { mode: authHome === null ? 'api-key' : 'lease' },
    synthetic: arms.every((a) => a.agent.spec.adapter === 'synthetic'),
    stage1Scorecard,
    approval: { required: reasons.length > 0, reasons },
  });
  const id = digestOf(plan);
  const found = [...ctx.blocked, ...setups.blocked, ...environmentBlocked, ...images.blocked];
  const blockers = { root, experimentDir: loaded.dir, experiment, plan, id, tasks, env, found };
  const { blocked, credentials, approval } = await planBlockers(blockers);
  const summary = summarizePlan(plan, {
    id,
    credentials,
    approval,
    blocked,
    setupDurations: setups.durations,
    refused: corpus.refused,
  });
  return { plan, id, runnable: blocked.length === 0, blocked, summary, experiment: loaded, tasks, authHome };
}
