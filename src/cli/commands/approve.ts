import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Approval } from '../../contracts/approval.js';
import { digestOf, prettyJson } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import { type Plan, PlanSchema } from '../../contracts/plan.js';
import { writeNewFileAtomic } from '../../io/atomic.js';
import { readArtifact } from '../../io/json.js';
import { approvalFile, approvalScope, providersNeedingEgressApproval } from '../../plan/approval.js';
import { checkDrift, formatDrifts } from '../../plan/drift.js';
import { loadExperiment } from '../../plan/load-experiment.js';
import { placedDeclarationDigest } from '../../provider-runtime/command.js';
import type { Command } from '../command.js';

function describe(plan: Plan, id: string): string {
  const cost = plan.cost.boundUsd === null ? 'unknown' : `at most $${plan.cost.boundUsd.toFixed(2)}`;
  return [
    `approving plan ${id}`,
    `  experiment ${plan.experiment.id} (${plan.experiment.file}), stage ${plan.experiment.stage}`,
    `  ${plan.schedule.trials.length} trials: ${plan.tasks.length} tasks × ${plan.arms.length} arms × ${plan.repeats} repeats`,
    `  agents: ${[...new Set(plan.arms.map((a) => `${a.agent.spec.adapter}${'version' in a.agent.spec ? `@${a.agent.spec.version}` : ''}`))].join(', ')}`,
    `  cost: ${cost}; budget ${plan.budget.maxTrials} trials, deadline ${plan.budget.deadlineSec} s`,
    `  egress hosts: ${plan.egress.hosts.join(', ') || 'none'}; credentials: ${plan.credentials.join(', ') || 'none'}`,
    '  because:',
    ...plan.approval.reasons.map((reason) => `    - ${reason}`),
    '',
  ].join('\n');
}

export const approveCommand: Command = {
  usage: 'approve <plan.json>',
  async run(argv, io) {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const [planFile] = positionals;
    if (!planFile)
      throw new CrossoverError(
        'invalid-input',
        'expected a plan file: crossover plan <experiment.ts> writes one and prints its path',
      );
    const plan = await readArtifact(resolve(io.cwd, planFile), PlanSchema);
    const id = digestOf(plan);
    // Drift first: a hand-edited plan (say, approval.required set to false) is not what the
    // experiment derives, and its own fields must not decide whether it is checked.
    const drifts = await checkDrift({ plan, root: io.cwd });
    if (drifts.length > 0) {
      throw new CrossoverError(
        'drift',
        `${planFile}: plan ${id} has drifted and cannot be approved; plan again\n${formatDrifts(drifts)}`,
      );
    }
    const experimentFile = resolve(io.cwd, plan.experiment.file);
    if (!plan.approval.required) {
      io.out(`plan ${id} needs no approval: nothing written\nnext: crossover run ${plan.experiment.file}\n`);
      return 0;
    }
    io.out(describe(plan, id));
    const { experiment, dir } = await loadExperiment(experimentFile);
    const egress = providersNeedingEgressApproval(experiment).map((provider) => ({
      provider: provider.id,
      declarationDigest: placedDeclarationDigest(provider, dir, io.cwd),
    }));
    const path = approvalFile(dir, plan.experiment.id, id);
    const approval: Approval = {
      schema: 'crossover.approval/1',
      planId: id,
      experiment: plan.experiment.id,
      approves: plan.approval.reasons,
      scope: approvalScope(plan),
      ...(egress.length > 0 ? { egress } : {}),
    };
    const written = await writeNewFileAtomic(path, prettyJson(approval));
    io.out(written ? `wrote ${relative(io.cwd, path)}\n` : `${relative(io.cwd, path)} already approves this plan\n`);
    // The approval lets the probe send to these providers; its new record is covered by the same approval.
    const reprobe = plan.arms.some((arm) => arm.provider !== null && arm.provider.eligibility !== 'eligible');
    io.out(
      reprobe && egress.length > 0
        ? `next: crossover probe ${plan.experiment.file} (it may now reach ${egress.map((e) => e.provider).join(', ')}), then crossover run ${plan.experiment.file}\n`
        : `next: crossover run ${plan.experiment.file}\n`,
    );
    return 0;
  },
};
