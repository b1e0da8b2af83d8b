import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { type Receipt, ReceiptSchema, receiptDigestHolds } from '../contracts/receipt.js';

/** Files read at once: enough to keep the disk busy, few enough never to run out of descriptors. */
const READ_CONCURRENCY = 64;

async function listReceiptFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError(
      'not-found',
      `${dir}: cannot read the receipts directory (${error.code ?? error.message})`,
    );
  });
  // Atomic writes leave ".<name>.<random>.tmp" files: not receipts, and never named *.json.
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => join(dir, entry.name));
}

/** One receipt file, validated and digest-verified; with `planId`, one of another plan is refused. */
export async function readReceipt(path: string, planId: string | undefined): Promise<Receipt> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError('not-found', `${path}: cannot read (${error.code ?? error.message})`);
  });
  const receipt = parseWith(ReceiptSchema, parseJsonText(text, path), path);
  if (!receiptDigestHolds(receipt)) {
    throw new CrossoverError(
      'invalid-input',
      `${path}: $.digest does not match the receipt's content: it was changed after it was sealed`,
    );
  }
  if (planId !== undefined && receipt.planId !== planId) {
    throw new CrossoverError(
      'conflict',
      `${path}: $.planId is ${receipt.planId}, expected ${planId}: a receipt of another plan is never merged`,
    );
  }
  return receipt;
}

/**
 * Every `*.json` receipt directly in `dir`, validated, digest-verified and sorted by trial id (then
 * digest). With `planId`, a receipt of any other plan is refused. Errors name the file.
 */
export async function readReceipts(dir: string, planId?: string): Promise<Receipt[]> {
  const files = await listReceiptFiles(dir);
  const receipts: Receipt[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      receipts[index] = await readReceipt(files[index]!, planId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, files.length) }, worker));
  return receipts.sort((a, b) =>
    a.trial.id < b.trial.id ? -1 : a.trial.id > b.trial.id ? 1 : a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0,
  );
}
