import type { Experiment } from '../contracts/experiment.js';
import type { Plan } from '../contracts/plan.js';
import type { LoadedTask } from '../corpus/load.js';
import { runLayout } from '../io/layout.js';
import { rootRelative } from '../io/paths.js';
import { approvalFile, findApproval } from './approval.js';
import { browserBlocker } from './environment.js';
import {
  foreignRecordBlocker,
  readVerificationRecord,
  verificationBlockers,
  verificationGaps,
} from './verification.js';

/**
 * Stage 1, stage 2 and an exploratory run spend real trials, so every task they bind must be
 * qualified by `crossover corpus verify` at the digest the plan binds; stage 0 plans and runs
 * synthetic agents on anything.
 */
async function unverifiedTaskBlockers(root: string, plan: Plan): Promise<string[]> {
  if (plan.experiment.stage === 0) return [];
  const record = await readVerificationRecord(root, plan.corpus.id);
  // A record of the same corpus id verified in another directory says nothing of this one.
  if (record !== null && record.corpus.path !== plan.corpus.path)
    return [foreignRecordBlocker(root, plan, record.corpus.path)];
  return verificationBlockers(verificationGaps(record, plan.tasks), plan.corpus.path);
}

/** A re-run is an agent run like any other: the budget counts it. */
function budgetBlocker(plan: Plan, experiment: Experiment, reruns: number): string | null {
  if (plan.schedule.trials.length + reruns <= experiment.budget.maxTrials) return null;
  const rerunText = reruns === 0 ? '' : ` and ${reruns} reproducibility re-runs`;
  return `the schedule holds ${plan.schedule.trials.length} trials${rerunText} but the budget allows ${experiment.budget.maxTrials}: raise $.budget.maxTrials (limit 2000) or shrink the slice`;
}

export interface BlockersInput {
  root: string;
  /** the experiment file's directory, where its approvals live */
  experimentDir: string;
  experiment: Experiment;
  plan: Plan;
  id: string;
  tasks: readonly LoadedTask[];
  env: NodeJS.ProcessEnv;
  /** what binding already found in the way (installs, setups, the machine) */
  found: readonly string[];
}

/**
 * Why a derived plan may not run yet, each reason with what to do: what binding found, a missing
 * browser, stage 0 with a real agent, a budget the schedule overruns, unset credentials, a missing
 * approval and tasks not verified at their digest. Also the credentials' availability and the
 * approval's state, which the plan's summary shows.
 */
export async function planBlockers(input: BlockersInput) {
  const { root, experiment, plan, id, env } = input;
  const browser = browserBlocker(input.tasks, env);
  const blocked = [...input.found, ...(browser ? [browser] : [])];
  if (experiment.stage === 0 && !plan.synthetic)
    blocked.push(
      "stage 0 probes and plans only: a real agent runs from stage 1 on, or in an exploratory run (stage: 'exploratory', any tasks, always descriptive)",
    );
  const reruns = plan.reproducibility?.reruns.length ?? 0;
  const overBudget = budgetBlocker(plan, experiment, reruns);
  if (overBudget) blocked.push(overBudget);
  const credentials = plan.credentials.map((name) => ({ name, available: (env[name] ?? '') !== '' }));
  for (const c of credentials) if (!c.available) blocked.push(`credential ${c.name} is not set in the environment`);
  const found = plan.approval.required ? await findApproval(input.experimentDir, plan, id) : null;
  const approved = found !== null;
  const approvalRel = rootRelative(
    root,
    found ?? approvalFile(input.experimentDir, experiment.id, id),
    'approval file',
  );
  const planFile = rootRelative(root, runLayout(root, experiment.id, id).planFile, 'plan file');
  if (plan.approval.required && !approved)
    blocked.push(
      `needs approval (${plan.approval.reasons.join('; ')}): run crossover approve ${planFile} (crossover plan writes it) to write ${approvalRel}`,
    );
  blocked.push(...(await unverifiedTaskBlockers(root, plan)));
  return { blocked, credentials, approval: { file: approvalRel, approved } };
}
