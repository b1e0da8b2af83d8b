import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { digestOf } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import { PlanSchema } from '../../contracts/plan.js';
import { readArtifact } from '../../io/json.js';
import { readEvidence } from '../../receipts/evidence-store.js';
import { findTrial, parseTrialSelector } from '../../receipts/find-trial.js';
import { writeReview } from '../../reporters/review-files.js';
import type { Command } from '../command.js';

const USAGE = 'review <trial id | task/arm#repeat> [--receipts <dir>]';

export const reviewCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { receipts: { type: 'string' } },
    });
    if (positionals.length !== 1)
      throw new CrossoverError('invalid-input', `expected one trial; usage: crossover ${USAGE}`);
    const selector = parseTrialSelector(positionals[0] as string);
    const dir = values.receipts === undefined ? undefined : resolve(io.cwd, values.receipts);
    const { receipt, receiptsDir } = await findTrial(io.cwd, selector, dir);
    if (receipt.evidence === undefined)
      throw new CrossoverError(
        'not-found',
        `trial ${receipt.trial.id}: its receipt names no evidence: nothing to review`,
      );
    // The plan sits beside its receipts folder (.crossover/<experiment>/<plan>/plan.json).
    const plan = await readArtifact(join(dirname(receiptsDir), 'plan.json'), PlanSchema);
    const planId = digestOf(plan);
    if (receipt.planId !== planId)
      throw new CrossoverError(
        'conflict',
        `trial ${receipt.trial.id}: its receipt belongs to plan ${receipt.planId}, not to the plan.json beside it (${planId})`,
      );
    const evidence = await readEvidence(receiptsDir, receipt.evidence);
    const path = await writeReview({ root: io.cwd, plan, planId, receipt, evidence });
    io.out(
      `${relative(io.cwd, path)}\nMark each wrong edit "rejected" with a reason; crossover score shows it beside the oracle's outcomes.\n`,
    );
    return 0;
  },
};
