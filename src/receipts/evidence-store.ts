import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { prettyJson } from '../contracts/canonical.js';
import { CrossoverError, parseJsonText, parseWith } from '../contracts/errors.js';
import { type Evidence, EvidenceSchema, evidenceDigest } from '../contracts/evidence.js';
import { writeNewFileAtomic } from '../io/atomic.js';

/** Evidence lives in `evidence/` inside the receipts folder: a shard's receipts and evidence travel together. */
export const EVIDENCE_DIR = 'evidence';

/** `evidence/<hex>.json`: named by its digest, so two shards that kept the same evidence write the same file. */
export function evidenceFile(receiptsDir: string, digest: string): string {
  return join(receiptsDir, EVIDENCE_DIR, `${digest.replace(/^sha256:/, '')}.json`);
}

/**
 * Stores a trial's evidence under its digest and returns the digest. Writing the same evidence
 * again is a no-op; a file of that name holding other bytes was altered, and is never replaced.
 */
export async function writeEvidence(receiptsDir: string, evidence: Evidence): Promise<string> {
  const checked = parseWith(EvidenceSchema, evidence, `evidence of trial ${evidence.trialId ?? '?'}`);
  const digest = evidenceDigest(checked);
  const path = evidenceFile(receiptsDir, digest);
  const bytes = prettyJson(checked);
  if (await writeNewFileAtomic(path, bytes)) return digest;
  if ((await readFile(path, 'utf8')) === bytes) return digest;
  throw new CrossoverError(
    'conflict',
    `${path}: the evidence stored under this digest was altered; it is never overwritten`,
  );
}

export type EvidenceProblem = { problem: 'missing' | 'corrupt' | 'tampered'; detail: string };

/** What is wrong with the evidence a receipt names, or null when its file holds exactly that evidence. */
export async function evidenceProblem(receiptsDir: string, digest: string): Promise<EvidenceProblem | null> {
  const path = evidenceFile(receiptsDir, digest);
  const name = `${EVIDENCE_DIR}/${digest.replace(/^sha256:/, '')}.json`;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return { problem: 'missing', detail: `its evidence ${name} is not stored` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: 'corrupt', detail: `its evidence ${name} is not valid JSON (${(error as Error).message})` };
  }
  const parsed = EvidenceSchema.safeParse(value);
  if (!parsed.success)
    return { problem: 'corrupt', detail: `its evidence ${name} is not evidence: ${parsed.error.issues[0]?.message}` };
  if (evidenceDigest(parsed.data) !== digest || prettyJson(parsed.data) !== text)
    return { problem: 'tampered', detail: `its evidence ${name} does not match its digest` };
  return null;
}

/** The evidence a receipt names, verified against its digest; errors name the file. */
export async function readEvidence(receiptsDir: string, digest: string): Promise<Evidence> {
  const path = evidenceFile(receiptsDir, digest);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError(
      'not-found',
      `${path}: the trial's evidence is not stored (${error.code ?? error.message})`,
    );
  });
  const evidence = parseWith(EvidenceSchema, parseJsonText(text, path), path);
  if (evidenceDigest(evidence) !== digest)
    throw new CrossoverError('invalid-input', `${path}: its content does not match the digest ${digest}`);
  return evidence;
}
