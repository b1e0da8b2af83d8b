import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { digestBytes } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import type { Arm } from '../contracts/experiment.js';
import type { PlannedArm } from '../contracts/plan.js';
import { experimentLayout } from '../io/layout.js';
import { rootRelative } from '../io/paths.js';
import { agentIdentity } from './agent-identity.js';
import type { LoadedExperiment } from './load-experiment.js';
import { planProvider } from './providers.js';
import { agentCommandProblem, type ResolveContext } from './resolvable.js';
import { bindSkills } from './skills.js';

/** What binding one experiment carries: where it is, and the reasons found so far that it may not run. */
export interface Context {
  root: string;
  loaded: LoadedExperiment;
  /** the experiment file, root-relative: how errors and the plan name it */
  file: string;
  blocked: string[];
  env: NodeJS.ProcessEnv;
}

export async function readText(path: string, what: string): Promise<string> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${what}: cannot read ${path} (${error.code ?? error.message})`);
  });
}

function block(ctx: Context, reasons: readonly string[]): void {
  for (const reason of reasons) if (!ctx.blocked.includes(reason)) ctx.blocked.push(reason);
}

/**
 * What the arm's probed provider keeps from running, each naming the field and the fix: a provider
 * the probe excluded (unless the arm declares it may be), and an allowed tool the probe did not find.
 */
function armProviderProblems(
  ctx: Context,
  arm: Arm,
  armIndex: number,
  provider: PlannedArm['provider'],
  tools: readonly string[] | null,
): string[] {
  if (provider === null) return [];
  const field = `${ctx.file}: $.arms[${armIndex}]`;
  if (provider.eligibility === 'excluded') {
    if (arm.mayBeExcluded) return [];
    return [
      `${field}.provider: provider ${provider.id} was excluded by its probe (${provider.eligibilityReasons.join('; ')}): fix its declaration and run crossover probe ${ctx.file} again, or declare ${field.split(': ')[1]}.mayBeExcluded: true to run without arm ${arm.id} (reported as excluded)`,
    ];
  }
  if (tools === null) return [];
  return arm.allowedTools.flatMap((tool, index) =>
    tools.includes(tool)
      ? []
      : [
          `${field}.allowedTools[${index}]: "${tool}" is not a tool provider ${provider.id} offers (its probe found: ${tools.join(', ') || 'none'}): name one of those, or run crossover probe ${ctx.file} again if the server changed`,
        ],
  );
}

async function bindInstructionFiles(ctx: Context, arm: Arm, armIndex: number): Promise<PlannedArm['instructionFiles']> {
  const instructionFiles: PlannedArm['instructionFiles'] = [];
  for (const [fileIndex, file] of arm.instructionFiles.entries()) {
    const what = `${ctx.file}: $.arms[${armIndex}].instructionFiles[${fileIndex}].source`;
    const path = resolve(ctx.loaded.dir, file.source);
    instructionFiles.push({
      source: rootRelative(ctx.root, path, what),
      target: file.target,
      digest: digestBytes(await readText(path, what)),
    });
  }
  return instructionFiles;
}

/** One arm's provider bound by declaration, install and probe; what keeps it from running blocks the plan. */
async function bindArmProvider(ctx: Context, arm: Arm, armIndex: number, resolveCtx: ResolveContext) {
  const { experiment, dir } = ctx.loaded;
  if (arm.provider === undefined) return null;
  const index = experiment.providers.findIndex((p) => p.id === arm.provider);
  const place = {
    root: ctx.root,
    experimentDir: dir,
    source: `${ctx.file}: $.providers[${index}]`,
    experimentFile: ctx.file,
  };
  const probesDir = experimentLayout(ctx.root, experiment.id).probesDir;
  const bound = await planProvider(experiment.providers[index]!, place, probesDir, resolveCtx);
  block(ctx, [...bound.blocked, ...armProviderProblems(ctx, arm, armIndex, bound.planned, bound.tools)]);
  return bound.planned;
}

/**
 * Every arm as the plan binds it: its agent (whose command must start inside the sandbox), its
 * provider (declaration, install, probe, the tools it allows), instruction files and skills.
 */
export async function bindArms(ctx: Context, promptDigest: string, expected: readonly string[]): Promise<PlannedArm[]> {
  const { experiment, dir } = ctx.loaded;
  const resolveCtx: ResolveContext = {
    root: ctx.root,
    file: ctx.file,
    sandboxed: experiment.sandbox === 'bubblewrap',
    inImage: experiment.sandbox === 'container',
    env: ctx.env,
  };
  const arms: PlannedArm[] = [];
  for (const [armIndex, arm] of experiment.arms.entries()) {
    const spec = arm.agent ?? experiment.agent;
    const agent = await agentIdentity(spec, promptDigest, ctx.root);
    const command = agentCommandProblem(spec, arm.agent ? `$.arms[${armIndex}].agent` : '$.agent', resolveCtx);
    block(ctx, [...agent.blocked, ...(command === null ? [] : [command])]);
    const provider = await bindArmProvider(ctx, arm, armIndex, resolveCtx);
    const skills = await bindSkills(arm.skills, expected, {
      root: ctx.root,
      experimentDir: dir,
      what: `${ctx.file}: $.arms[${armIndex}].skills`,
    });
    arms.push({
      id: arm.id,
      role: arm.role,
      agent: agent.identity,
      provider,
      allowedTools: [...arm.allowedTools],
      instructionFiles: await bindInstructionFiles(ctx, arm, armIndex),
      skills,
    });
  }
  return arms;
}
