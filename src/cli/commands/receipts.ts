import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CrossoverError } from '../../contracts/errors.js';
import { planFiles } from '../../io/layout.js';
import { type ReceiptVerification, verifyReceipts } from '../../receipts/store.js';
import { terminalSafe } from '../../reporters/terminal-text.js';
import type { CliIo, Command } from '../command.js';

const USAGE = 'receipts verify <receipts dir | plan dir> [--json]';

/** A plan directory (plan.json, scorecards, receipts/) stands for its receipts: plan.json is no receipt. */
function receiptsDirOf(dir: string): string {
  const { planFile, receiptsDir } = planFiles(dir);
  return existsSync(planFile) && existsSync(receiptsDir) ? receiptsDir : dir;
}

function report(verification: ReceiptVerification, json: boolean, io: CliIo): number {
  if (json) io.out(`${JSON.stringify(verification, null, 2)}\n`);
  else {
    for (const p of verification.problems) io.out(`${p.problem}: ${terminalSafe(p.file)}: ${terminalSafe(p.detail)}\n`);
    const total = verification.verified.length + verification.problems.length;
    io.out(`${verification.verified.length} of ${total} receipts verified\n`);
  }
  return verification.problems.length === 0 ? 0 : 1;
}

export const receiptsCommand: Command = {
  usage: USAGE,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub !== 'verify')
      throw new CrossoverError(
        'invalid-input',
        `expected a sub-command: verify${sub ? `; got "${sub}"` : ''}; usage: crossover ${USAGE}`,
      );
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { json: { type: 'boolean', default: false } },
    });
    if (positionals.length !== 1)
      throw new CrossoverError('invalid-input', `expected one receipts directory; usage: crossover ${USAGE}`);
    return report(await verifyReceipts(receiptsDirOf(resolve(io.cwd, positionals[0]!))), values.json, io);
  },
};
