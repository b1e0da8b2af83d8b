import { resolve } from 'node:path';
import { canonicalJson } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Plan, PlannedArm, PlannedTask } from '../contracts/plan.js';
import { clip } from '../contracts/redaction.js';
import { derivePlan } from './derive.js';

export interface Drift {
  what:
    | 'experiment'
    | 'corpus'
    | 'task'
    | 'setup'
    | 'image'
    | 'prompt-template'
    | 'agent'
    | 'agent-executable'
    | 'provider'
    | 'instruction-file'
    | 'environment'
    | 'stage1-scorecard'
    | 'schedule'
    | 'plan';
  id?: string;
  detail: string;
}

/** One indented line per drift, as every command that refuses a drifted plan shows them. */
export function formatDrifts(drifts: readonly Drift[]): string {
  return drifts.map((d) => `  - ${d.what}${d.id ? ` ${d.id}` : ''}: ${d.detail}`).join('\n');
}

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/** A value as a drift line shows it: canonical JSON, cut so a drift line stays one readable line. */
const VALUE_LIMIT = 80;
function shown(value: unknown, limit = VALUE_LIMIT): string {
  const text = value === undefined ? 'absent' : canonicalJson(value);
  return clip(text, limit);
}

/** A command is shown whole up to this length: its change is often at the end. */
const COMMAND_LIMIT = 400;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The leaves that differ between two values, as `path: old → new`; objects are walked, arrays compared whole. */
function changedLeaves(before: unknown, after: unknown, path: string): string[] {
  if (same(before, after)) return [];
  if (!isRecord(before) || !isRecord(after)) return [`${path}: ${shown(before)} → ${shown(after)}`];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys.flatMap((key) => changedLeaves(before[key], after[key], path ? `${path}.${key}` : key));
}

/** What changed, bounded: the first few differing leaves, then how many more. */
const CHANGES_SHOWN = 4;
export function describeChange(before: unknown, after: unknown, path: string): string {
  const changes = changedLeaves(before, after, path);
  const more = changes.length - CHANGES_SHOWN;
  return [...changes.slice(0, CHANGES_SHOWN), ...(more > 0 ? [`and ${more} more`] : [])].join('; ');
}

/**
 * The experiments here read the agent's model from CROSSOVER_MODEL (experiments/shared.ts): when the
 * model changed to the value that variable holds now, say so, since the experiment file did not change.
 */
function modelHint(before: PlannedArm, after: PlannedArm, env: NodeJS.ProcessEnv): string {
  const model = (spec: unknown) => (isRecord(spec) ? spec.model : undefined);
  const now = model(after.agent.spec);
  if (model(before.agent.spec) === now || now === undefined || env.CROSSOVER_MODEL !== now) return '';
  return ` (the environment variable CROSSOVER_MODEL is now ${shown(now)})`;
}

/** A repository task's setup, old → new: its command and outputs, then what it produced. */
function setupDrifts(task: PlannedTask, found: PlannedTask): Drift[] {
  const before = task.setup;
  const after = found.setup;
  if (same(before ?? null, after ?? null)) return [];
  const drift = (detail: string): Drift => ({ what: 'setup', id: task.id, detail });
  if (before === undefined || after === undefined)
    return [drift(`the task ${after ? 'now has' : 'no longer has'} a setup`)];
  const drifts: Drift[] = [];
  if (before.command !== after.command)
    drifts.push(drift(`command ${shown(before.command, COMMAND_LIMIT)} → ${shown(after.command, COMMAND_LIMIT)}`));
  if (!same(before.outputs, after.outputs))
    drifts.push(drift(`outputs ${shown(before.outputs)} → ${shown(after.outputs)}`));
  if (before.digest !== after.digest)
    drifts.push(
      drift(
        `produced tree ${before.digest ?? 'not set up'} → ${after.digest ?? 'not set up'}: it ran again and produced other files, or its cached tree changed`,
      ),
    );
  return drifts;
}

function taskDrifts(registered: Plan, current: Plan): Drift[] {
  const drifts: Drift[] = [];
  const now = new Map(current.tasks.map((t) => [t.id, t]));
  for (const task of registered.tasks) {
    const found = now.get(task.id);
    if (!found) {
      drifts.push({ what: 'task', id: task.id, detail: 'no longer in the slice' });
      continue;
    }
    if (found.digest !== task.digest)
      drifts.push({
        what: 'task',
        id: task.id,
        detail: `digest changed (${task.digest} → ${found.digest}): its prompt, workspace, checks, reference or decoys changed`,
      });
    const setup = setupDrifts(task, found);
    drifts.push(...setup);
    if ((task.image ?? null) !== (found.image ?? null))
      drifts.push({
        what: 'image',
        id: task.id,
        detail: `${task.image ?? 'none'} → ${found.image ?? 'not built'}: its environment's image was rebuilt (its Dockerfile or build context changed) or replaced`,
      });
    const { setup: _before, image: _image, ...rest } = task;
    const { setup: _after, image: _foundImage, ...restFound } = found;
    if (found.digest === task.digest && !same(rest, restFound))
      drifts.push({ what: 'task', id: task.id, detail: 'its category, surface, timeout or relevant files changed' });
  }
  for (const task of current.tasks)
    if (!registered.tasks.some((t) => t.id === task.id))
      drifts.push({ what: 'task', id: task.id, detail: 'now in the slice' });
  const tasksExplain = drifts.length > 0;
  const corpusIdentity = (p: Plan) => ({ id: p.corpus.id, version: p.corpus.version, path: p.corpus.path });
  if (!same(corpusIdentity(registered), corpusIdentity(current))) {
    drifts.push({
      what: 'corpus',
      detail: `${registered.corpus.id}@${registered.corpus.version} at ${registered.corpus.path} → ${current.corpus.id}@${current.corpus.version} at ${current.corpus.path}`,
    });
  } else if (registered.corpus.digest !== current.corpus.digest && !tasksExplain) {
    drifts.push({
      what: 'corpus',
      detail: `digest changed (${registered.corpus.digest} → ${current.corpus.digest}): corpus.json or a task outside the slice changed`,
    });
  }
  return drifts;
}

/** A planned provider without what is compared on its own (probe and files), to spot a changed declaration. */
function declarationOf(provider: NonNullable<PlannedArm['provider']>): unknown {
  return Object.fromEntries(
    Object.entries(provider).filter(
      ([key]) => !['probeDigest', 'eligibility', 'eligibilityReasons', 'files'].includes(key),
    ),
  );
}

function providerDrift(arm: PlannedArm, found: PlannedArm): Drift[] {
  const before = arm.provider;
  const after = found.provider;
  if (before === null && after === null) return [];
  if (before === null || after === null || before.id !== after.id) {
    return [
      {
        what: 'provider',
        id: before?.id ?? after?.id,
        detail: `arm ${arm.id} now uses ${after?.id ?? 'no provider'} instead of ${before?.id ?? 'none'}`,
      },
    ];
  }
  const drifts: Drift[] = [];
  if (before.probeDigest !== after.probeDigest) {
    drifts.push({
      what: 'provider',
      id: before.id,
      detail: `probe record changed (${before.probeDigest ?? 'not probed'} → ${after.probeDigest ?? 'not probed'}): its version, tools or behaviour differ`,
    });
  }
  for (const file of before.files) {
    const now = after.files.find((f) => f.path === file.path);
    if (now?.digest !== file.digest)
      drifts.push({ what: 'provider', id: before.id, detail: `${file.path} ${now ? 'changed' : 'is gone'}` });
  }
  if (!same(declarationOf(before), declarationOf(after)))
    drifts.push({
      what: 'provider',
      id: before.id,
      detail: 'its declaration changed (configuration, commands, tools or egress)',
    });
  return drifts;
}

function armDrifts(registered: Plan, current: Plan, env: NodeJS.ProcessEnv): Drift[] {
  const drifts: Drift[] = [];
  for (const arm of registered.arms) {
    const found = current.arms.find((a) => a.id === arm.id);
    if (!found) {
      drifts.push({ what: 'experiment', id: arm.id, detail: `arm ${arm.id} is no longer declared` });
      continue;
    }
    if (!same(arm.agent.spec, found.agent.spec))
      drifts.push({
        what: 'agent',
        id: arm.id,
        detail: `arm ${arm.id}'s agent declaration changed: ${describeChange(arm.agent.spec, found.agent.spec, 'agent')}${modelHint(arm, found, env)}`,
      });
    if (arm.agent.executableDigest !== found.agent.executableDigest) {
      drifts.push({
        what: 'agent-executable',
        id: arm.id,
        detail: `${arm.agent.executableDigest ?? 'none'} → ${found.agent.executableDigest ?? 'none'}`,
      });
    }
    if (!same(arm.agent.files ?? [], found.agent.files ?? []))
      drifts.push({ what: 'agent-executable', id: arm.id, detail: `arm ${arm.id}'s command agent files changed` });
    drifts.push(...providerDrift(arm, found));
    if (!same(arm.instructionFiles, found.instructionFiles))
      drifts.push({ what: 'instruction-file', id: arm.id, detail: `arm ${arm.id}'s instruction files changed` });
    if (arm.role !== found.role || !same(arm.allowedTools, found.allowedTools))
      drifts.push({
        what: 'experiment',
        id: arm.id,
        detail: `arm ${arm.id}'s role or allowed tools changed: ${describeChange(
          { role: arm.role, allowedTools: arm.allowedTools },
          { role: found.role, allowedTools: found.allowedTools },
          arm.id,
        )}`,
      });
  }
  for (const arm of current.arms)
    if (!registered.arms.some((a) => a.id === arm.id))
      drifts.push({ what: 'experiment', id: arm.id, detail: `arm ${arm.id} was added` });
  return drifts;
}

function namedDrifts(registered: Plan, current: Plan, env: NodeJS.ProcessEnv): Drift[] {
  const drifts = [...taskDrifts(registered, current)];
  if (registered.prompt.digest !== current.prompt.digest || registered.prompt.template !== current.prompt.template) {
    drifts.push({
      what: 'prompt-template',
      id: registered.prompt.template,
      detail: `digest changed (${registered.prompt.digest} → ${current.prompt.digest})`,
    });
  }
  drifts.push(...armDrifts(registered, current, env));
  if (!same(registered.environment, current.environment)) {
    drifts.push({
      what: 'environment',
      detail: describeChange(registered.environment, current.environment, 'environment'),
    });
  }
  if (!same(registered.stage1Scorecard, current.stage1Scorecard))
    drifts.push({ what: 'stage1-scorecard', detail: 'the stage-1 scorecard named by the experiment changed' });
  if (drifts.length === 0 && !same(registered.schedule, current.schedule))
    drifts.push({ what: 'schedule', detail: 'the schedule derived now differs' });
  for (const key of [
    'experiment',
    'repeats',
    'policy',
    'budget',
    'cost',
    'egress',
    'credentials',
    'approval',
  ] as const) {
    if (!same(registered[key], current[key]))
      drifts.push({
        what: 'experiment',
        id: key,
        detail: `the experiment's ${key} changed: ${describeChange(registered[key], current[key], key)}`,
      });
  }
  return drifts;
}

/**
 * Re-derives the plan from the experiment file and the disk as they are now and names every
 * identity that differs from the registered plan: one changed byte of one hidden check names that
 * task. An empty list means the registered plan can run as it is.
 */
export async function checkDrift(input: { plan: Plan; root: string; env?: NodeJS.ProcessEnv }): Promise<Drift[]> {
  let current: Plan;
  try {
    current = (
      await derivePlan({
        experimentFile: resolve(input.root, input.plan.experiment.file),
        root: input.root,
        env: input.env,
      })
    ).plan;
  } catch (error) {
    if (!(error instanceof CrossoverError)) throw error;
    return [
      { what: 'experiment', id: input.plan.experiment.file, detail: `can no longer be planned: ${error.message}` },
    ];
  }
  const drifts = namedDrifts(input.plan, current, input.env ?? process.env);
  if (drifts.length === 0 && !same(input.plan, current))
    drifts.push({ what: 'plan', detail: 'the re-derived plan differs from the registered one' });
  return drifts;
}
