import { isAbsolute, join, resolve } from 'node:path';
import { digestOf } from '../contracts/canonical.js';
import { CrossoverError } from '../contracts/errors.js';
import { type Plan, PlanSchema } from '../contracts/plan.js';
import { readArtifact } from '../io/json.js';
import { type RunLayout, runLayout } from '../io/layout.js';
import { derivePlan } from '../plan/derive.js';
import { checkDrift, formatDrifts } from '../plan/drift.js';
import { browserStartBlocker } from '../plan/environment.js';
import type { LoadedExperiment } from '../plan/load-experiment.js';
import { registerPlan } from '../plan/register.js';

export interface PreparedRun {
  experiment: LoadedExperiment;
  plan: Plan;
  planId: string;
  layout: RunLayout;
  /** the login directory every trial leases its agent's login from; null: API-key auth */
  authHome: string | null;
}

/**
 * Loads the experiment, derives its plan (or checks a registered one for drift), refuses a blocked
 * plan and writes plan.json where the receipts will go. Starts no agent and no provider.
 */
export async function prepareRun(input: {
  experimentFile: string;
  root: string;
  planFile?: string;
  /** `--auth-home`: lease the agent's login from this directory */
  authHome?: string;
}): Promise<PreparedRun> {
  const derived = await derivePlan({
    experimentFile: resolve(input.root, input.experimentFile),
    root: input.root,
    ...(input.authHome === undefined ? {} : { authHome: resolve(input.root, input.authHome) }),
  });
  if (input.planFile) {
    const planFile = isAbsolute(input.planFile) ? input.planFile : join(input.root, input.planFile);
    const registered = await readArtifact(planFile, PlanSchema);
    const drifts = await checkDrift({ plan: registered, root: input.root });
    if (drifts.length > 0)
      throw new CrossoverError(
        'drift',
        `${input.planFile}: the registered plan has drifted; nothing was run\n${formatDrifts(drifts)}`,
      );
    if (digestOf(registered) !== derived.id) {
      throw new CrossoverError(
        'drift',
        `${input.planFile}: the experiment now derives plan ${derived.id}, not the registered ${digestOf(registered)}; nothing was run`,
      );
    }
  }
  // Written blocked or not: the block may name it (`crossover approve <plan.json>`).
  await registerPlan(input.root, derived.plan, derived.id);
  // Only a run pays for starting Chromium; planning looked for its executable.
  const blocked = derived.runnable
    ? [await browserStartBlocker(derived.tasks, process.env)].flatMap((b) => b ?? [])
    : derived.blocked;
  if (blocked.length > 0) {
    throw new CrossoverError(
      'blocked',
      `plan ${derived.id} of ${input.experimentFile} is blocked; nothing was run\n  - ${blocked.join('\n  - ')}`,
    );
  }
  const layout = runLayout(input.root, derived.plan.experiment.id, derived.id);
  return {
    experiment: derived.experiment,
    plan: derived.plan,
    planId: derived.id,
    layout,
    authHome: derived.authHome,
  };
}
