import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { readEvidence } from '../../receipts/evidence-store.js';
import { findTrial, parseTrialSelector } from '../../receipts/find-trial.js';
import { terminalSafe, terminalSafeJson } from '../../reporters/terminal-text.js';
import { storyText, trialStory } from '../../reporters/trial-story.js';
import type { Command } from '../command.js';

const USAGE = 'show <trial id | task/arm#repeat> [--receipts <dir>] [--json]';

export const showCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { receipts: { type: 'string' }, json: { type: 'boolean', default: false } },
    });
    if (positionals.length !== 1)
      throw new CrossoverError('invalid-input', `expected one trial; usage: crossover ${USAGE}`);
    const selector = parseTrialSelector(positionals[0] as string);
    const dir = values.receipts === undefined ? undefined : resolve(io.cwd, values.receipts);
    const { receipt, receiptsDir } = await findTrial(io.cwd, selector, dir);
    const evidence = receipt.evidence === undefined ? null : await readEvidence(receiptsDir, receipt.evidence);
    if (values.json) io.out(`${terminalSafeJson({ receipt, evidence })}\n`);
    // Every line is agent-controlled text: each is made inert before it reaches the terminal.
    else io.out(`${storyText(trialStory(receipt, evidence)).split('\n').map(terminalSafe).join('\n')}`);
    return 0;
  },
};
