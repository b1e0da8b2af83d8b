import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import type { TreatmentResult } from '../../contracts/scorecard.js';
import { scorePlan } from '../../reporters/score-plan.js';
import { deltaText, intervalText, pText } from '../../reporters/scorecard-text.js';
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
    const { scorecard, files } = await scorePlan({ root: io.cwd, planFile, receiptsDir, outDir });
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
