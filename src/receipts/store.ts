import { access, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { attemptOf, type Receipt, ReceiptSchema, receiptDigestHolds } from '../contracts/receipt.js';
import { writeNewFileAtomic } from '../io/atomic.js';
import { evidenceProblem } from './evidence-store.js';

/**
 * `<trialId>.json` for a trial's first attempt, `<trialId>.attempt-<k>.json` for re-attempt k: one
 * file per attempt, so no attempt's receipt replaces another's and a merge of shards is a union of files.
 */
export function receiptFileName(trialId: string, attempt = 1): string {
  return attempt === 1 ? `${trialId}.json` : `${trialId}.attempt-${attempt}.json`;
}

export function receiptFile(receiptsDir: string, trialId: string, attempt = 1): string {
  return join(receiptsDir, receiptFileName(trialId, attempt));
}

/**
 * Stores a sealed receipt: written atomically under its trial id and never replaced. Writing the
 * same bytes again is fine (a merge); a different receipt for the same trial is a conflict.
 * Returns whether a new file was written.
 */
export async function writeReceipt(receiptsDir: string, receipt: Receipt): Promise<boolean> {
  const checked = parseWith(ReceiptSchema, receipt, `receipt of trial ${receipt.trial?.id ?? '?'}`);
  if (!receiptDigestHolds(checked))
    throw new CrossoverError(
      'invalid-input',
      `receipt of trial ${checked.trial.id}: $.digest does not match its content`,
    );
  const path = receiptFile(receiptsDir, checked.trial.id, attemptOf(checked));
  const bytes = prettyJson(checked);
  if (await writeNewFileAtomic(path, bytes)) return true;
  const existing = await readFile(path, 'utf8');
  if (existing === bytes) return false;
  throw new CrossoverError(
    'conflict',
    `${path}: a different receipt for attempt ${attemptOf(checked)} of trial ${checked.trial.id} is already stored; receipts are never overwritten`,
  );
}

export async function receiptExists(receiptsDir: string, trialId: string, attempt = 1): Promise<boolean> {
  return access(receiptFile(receiptsDir, trialId, attempt)).then(
    () => true,
    () => false,
  );
}

export interface ReceiptProblem {
  file: string;
  problem: 'corrupt' | 'tampered' | 'misnamed' | 'evidence-missing' | 'evidence-corrupt' | 'evidence-tampered';
  detail: string;
}

export interface ReceiptVerification {
  /** file names of the receipts that verified */
  verified: string[];
  problems: ReceiptProblem[];
}

/** What is wrong with one stored receipt's bytes, or null when they are exactly what writeReceipt wrote. */
export function receiptProblem(file: string, text: string): ReceiptProblem | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { file, problem: 'corrupt', detail: `not valid JSON (${(error as Error).message})` };
  }
  const parsed = ReceiptSchema.safeParse(value);
  if (!parsed.success)
    return { file, problem: 'corrupt', detail: `not a receipt: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
  if (!receiptDigestHolds(parsed.data))
    return { file, problem: 'tampered', detail: 'its digest does not match its content' };
  // Any byte outside the content (spacing, key order) changed too: the stored form is canonical.
  if (prettyJson(parsed.data) !== text)
    return { file, problem: 'tampered', detail: 'its bytes are not the form it was written in' };
  if (file !== receiptFileName(parsed.data.trial.id, attemptOf(parsed.data)))
    return {
      file,
      problem: 'misnamed',
      detail: `it holds attempt ${attemptOf(parsed.data)} of trial ${parsed.data.trial.id}`,
    };
  return null;
}

/** The receipt's evidence problem, when it names evidence that is not stored exactly as written. */
async function namedEvidenceProblem(receiptsDir: string, file: string, text: string): Promise<ReceiptProblem | null> {
  const digest = ReceiptSchema.parse(JSON.parse(text)).evidence;
  if (digest === undefined) return null;
  const found = await evidenceProblem(receiptsDir, digest);
  return found === null ? null : { file, problem: `evidence-${found.problem}`, detail: found.detail };
}

/**
 * Re-checks every receipt in a directory: parses it, recomputes its digest, compares its bytes,
 * and checks that the evidence it names is stored and unaltered.
 */
export async function verifyReceipts(receiptsDir: string): Promise<ReceiptVerification> {
  const names = await readdir(receiptsDir).catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError(
      'not-found',
      `${receiptsDir}: cannot read the receipts directory (${error.code ?? error.message})`,
    );
  });
  const verification: ReceiptVerification = { verified: [], problems: [] };
  for (const file of names.filter((name) => name.endsWith('.json') && !name.startsWith('.')).sort()) {
    const text = await readFile(join(receiptsDir, file), 'utf8');
    const problem = receiptProblem(file, text) ?? (await namedEvidenceProblem(receiptsDir, file, text));
    if (problem) verification.problems.push(problem);
    else verification.verified.push(file);
  }
  return verification;
}

/**
 * The latest stored attempt of a scheduled trial, read and digest-checked; null when it has none.
 * Attempts are numbered without gaps, so the first missing number ends the search.
 */
export async function latestAttempt(receiptsDir: string, trialId: string): Promise<Receipt | null> {
  let latest: Receipt | null = null;
  for (let attempt = 1; ; attempt++) {
    const path = receiptFile(receiptsDir, trialId, attempt);
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw new CrossoverError('not-found', `${path}: cannot read (${error.code ?? error.message})`);
    });
    if (text === null) return latest;
    const receipt = parseWith(ReceiptSchema, parseJsonText(text, path), path);
    if (!receiptDigestHolds(receipt) || attemptOf(receipt) !== attempt || receipt.trial.id !== trialId)
      throw new CrossoverError(
        'invalid-input',
        `${path}: not the sealed receipt of attempt ${attempt} of trial ${trialId}`,
      );
    latest = receipt;
  }
}
