import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { attemptOf, type Receipt } from '../contracts/receipt.js';
import { STATE_DIR } from '../io/layout.js';
import { readReceipts } from './read.js';

/** A trial as a user names it: its id, or `<task>/<arm>#<repeat>`. */
export type TrialSelector = { id: string } | { taskId: string; arm: string; repeat: number };

export function parseTrialSelector(text: string): TrialSelector {
  if (/^[0-9a-f]{24}$/.test(text)) return { id: text };
  const match = /^([^/#]+)\/([^/#]+)#([1-9]\d*)$/.exec(text);
  if (match) return { taskId: match[1] as string, arm: match[2] as string, repeat: Number(match[3]) };
  throw new CrossoverError(
    'invalid-input',
    `"${text}": expected a trial id (24 hex digits) or <task>/<arm>#<repeat>, e.g. valid-node/baseline#1`,
  );
}

function matches(receipt: Receipt, selector: TrialSelector): boolean {
  if ('id' in selector) return receipt.trial.id === selector.id;
  const { trial } = receipt;
  return trial.taskId === selector.taskId && trial.arm === selector.arm && trial.repeat === selector.repeat;
}

/** Every `.crossover/<experiment>/<plan>/receipts` folder below the project root. */
async function receiptDirs(root: string): Promise<string[]> {
  const state = join(root, STATE_DIR);
  const list = (dir: string) =>
    readdir(dir, { withFileTypes: true }).then(
      (entries) => entries.filter((entry) => entry.isDirectory()).map((entry) => join(dir, entry.name)),
      () => [] as string[],
    );
  const dirs: string[] = [];
  for (const experiment of await list(state))
    for (const plan of await list(experiment))
      if ((await list(plan)).includes(join(plan, 'receipts'))) dirs.push(join(plan, 'receipts'));
  return dirs.sort();
}

/**
 * The one stored receipt a selector names (of a re-attempted trial, its last attempt: the one that
 * counts), searched in `receiptsDir` or else in every plan's receipts below `root`. None, or several (the same task/arm#repeat in two plans), is an error
 * that says where it looked.
 */
export async function findTrial(
  root: string,
  selector: TrialSelector,
  receiptsDir?: string,
): Promise<{ receipt: Receipt; receiptsDir: string }> {
  const dirs = receiptsDir === undefined ? await receiptDirs(root) : [receiptsDir];
  const found: { receipt: Receipt; receiptsDir: string }[] = [];
  for (const dir of dirs) {
    // A re-attempted trial has one receipt per attempt in its folder: the last one counts.
    const attempts = (await readReceipts(dir)).filter((receipt) => matches(receipt, selector));
    const last = attempts.reduce<Receipt | null>(
      (best, receipt) => (best === null || attemptOf(receipt) > attemptOf(best) ? receipt : best),
      null,
    );
    if (last) found.push({ receipt: last, receiptsDir: dir });
  }
  const where = dirs.map((dir) => relative(root, dir) || '.').join(', ') || `no receipts below ${STATE_DIR}/`;
  if (found.length === 0) throw new CrossoverError('not-found', `no stored receipt of that trial (looked in ${where})`);
  if (found.length > 1)
    throw new CrossoverError(
      'invalid-input',
      `that trial has receipts in ${found.length} plans (${found.map((f) => relative(root, f.receiptsDir)).join(', ')}): name one with --receipts <dir>`,
    );
  return found[0] as { receipt: Receipt; receiptsDir: string };
}
