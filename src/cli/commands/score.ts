import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { digestOf } from '../../contracts/canonical.js';
import { CrossoverError } from '../../contracts/errors.js';
import { PlanSchema } from '../../contracts/plan.js';
import type { TreatmentResult } from '../../contracts/scorecard.js';
import { readCorpusFacts } from '../../corpus/corpus-facts.js';
import { readArtifact } from '../../io/json.js';
import { readReceipts } from '../../receipts/read.js';
import { readReviews } from '../../reporters/review-files.js';
import { deltaText, intervalText, pText } from '../../reporters/scorecard-text.js';
import { writeScorecard } from '../../reporters/write-scorecard.js';
import { buildScorecard } from '../../score/scorecard.js';
import type { Command } from '../command.js';

function summaryLine(result: TreatmentResult): string {
  return `${result.arm} vs ${result.baseline}: ${result.verdict}, Δ = ${deltaText(result)} ${intervalText(result)}, p = ${pText(result.test.p)} (Holm ${pText(result.pAdjusted)}), ${result.tasks.paired}/${result.tasks.scheduled} tasks paired`;
}

function requiredOption(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value)
    throw new CrossoverError('invalid-input', `expected --${name} <path>\nUsage: crossover ${scoreCommand.usage}`);
  return value;
}

export const scoreCommand: Command = {
  usage: 'score --plan <plan.json> --receipts <dir> --out <dir>',
  async run(argv, io) {
    const { values } = parseArgs({
      args: argv,
      options: { plan: { type: 'string' }, receipts: { type: 'string' }, out: { type: 'string' } },
    });
    const planFile = resolve(io.cwd, requiredOption(values, 'plan'));
    const receiptsDir = resolve(io.cwd, requiredOption(values, 'receipts'));
    const outDir = resolve(io.cwd, requiredOption(values, 'out'));
    const plan = await readArtifact(planFile, PlanSchema);
    const planId = digestOf(plan);
    const receipts = await readReceipts(receiptsDir, planId);
    // A scorecard of nothing would read as a result (Δ n/a, p = 1): there is nothing to score.
    if (receipts.length === 0)
      throw new CrossoverError(
        'not-found',
        `${relative(io.cwd, receiptsDir) || '.'}: holds no receipts of plan ${planId}; nothing to score (run the plan first)`,
      );
    const reviews = await readReviews({ root: io.cwd, plan, planId, receipts, receiptsDir });
    const scorecard = buildScorecard({ plan, planId, receipts, reviews, corpus: await readCorpusFacts(io.cwd, plan) });
    const files = await writeScorecard(outDir, scorecard, { plan, receipts, receiptsDir });
    const lines = [
      ...[files.json, files.markdown, files.html].map((path) => relative(io.cwd, path)),
      ...(scorecard.comparisons.length === 0
        ? ['no treatment arm: nothing compared']
        : scorecard.comparisons.map(summaryLine)),
    ];
    io.out(`${lines.join('\n')}\n`);
    return 0;
  },
};
