import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { type CorpusVerification, CorpusVerificationSchema } from '../contracts/qualification.js';
import { verificationRecordFile } from '../corpus/verification-record.js';
import { readArtifact } from '../io/json.js';

/** A task the plan binds, as the gate sees it. */
export interface BoundTask {
  id: string;
  digest: string;
}

/** Why tasks of a slice cannot be run yet: never verified, verified at another digest, or not qualified. */
export interface VerificationGaps {
  never: string[];
  changed: string[];
  unqualified: { id: string; reasons: string[] }[];
}

/**
 * Splits the bound tasks by what the record shows of each: an entry at the task's current digest that
 * is qualified passes; anything else is a gap. Pure.
 */
export function verificationGaps(record: CorpusVerification | null, tasks: readonly BoundTask[]): VerificationGaps {
  const entries = new Map((record?.tasks ?? []).map((entry) => [entry.id, entry]));
  const gaps: VerificationGaps = { never: [], changed: [], unqualified: [] };
  for (const task of tasks) {
    const entry = entries.get(task.id);
    if (entry === undefined) gaps.never.push(task.id);
    else if (entry.digest !== task.digest) gaps.changed.push(task.id);
    else if (!entry.qualified) gaps.unqualified.push({ id: task.id, reasons: entry.reasons });
  }
  return gaps;
}

/** The command that verifies exactly `ids` of the corpus at `corpusPath` (root-relative). */
function verifyCommand(corpusPath: string, ids: readonly string[]): string {
  const corpus = corpusPath === 'corpus' ? '' : ` --corpus ${corpusPath}`;
  return `crossover corpus verify${corpus}${ids.map((id) => ` --task ${id}`).join('')}`;
}

/** Why a record of the plan's corpus id, verified in another directory (or before records named theirs), is not read. */
export function foreignRecordBlocker(
  root: string,
  plan: { corpus: { id: string; path: string }; tasks: readonly BoundTask[] },
  recordPath: string | undefined,
): string {
  const file = relative(root, verificationRecordFile(root, plan.corpus.id));
  const made = recordPath === undefined ? 'names no corpus directory' : `was made for the corpus in ${recordPath}`;
  const ids = plan.tasks.map((task) => task.id);
  return `the verification record ${file} ${made}, not ${plan.corpus.path}, so it is not read: run ${verifyCommand(plan.corpus.path, ids)}`;
}

/** One blocking reason per kind of gap, each naming its tasks and the command that closes it. Pure. */
export function verificationBlockers(gaps: VerificationGaps, corpusPath: string): string[] {
  const blocked: string[] = [];
  if (gaps.never.length > 0)
    blocked.push(
      `tasks never verified: ${gaps.never.join(', ')}: run ${verifyCommand(corpusPath, gaps.never)} (stage 1, stage 2 and exploratory runs use only qualified tasks)`,
    );
  if (gaps.changed.length > 0)
    blocked.push(
      `tasks changed since they were verified (the record holds another digest): ${gaps.changed.join(', ')}: run ${verifyCommand(corpusPath, gaps.changed)}`,
    );
  for (const { id, reasons } of gaps.unqualified)
    blocked.push(
      `task ${id} is not qualified (${reasons.join('; ')}): fix it, then run ${verifyCommand(corpusPath, [id])}`,
    );
  return blocked;
}

/**
 * The corpus's verification record (`crossover corpus verify` writes it), parsed with its schema; null
 * when there is none. A record that does not parse, belongs to another corpus or says a task is
 * qualified while listing reasons is refused naming its field: the gate never trusts an unparsed file.
 */
export async function readVerificationRecord(root: string, corpusId: string): Promise<CorpusVerification | null> {
  const path = verificationRecordFile(root, corpusId);
  if (!existsSync(path)) return null;
  const refuse = (detail: string) =>
    new CrossoverError('invalid-input', `${detail} (a verification record; re-run crossover corpus verify)`);
  const record = await readArtifact(path, CorpusVerificationSchema).catch((error: unknown) => {
    throw refuse(error instanceof Error ? error.message : String(error));
  });
  if (record.corpus.id !== corpusId)
    throw refuse(`${path}: $.corpus.id: expected "${corpusId}", got "${record.corpus.id}"`);
  const inconsistent = record.tasks.findIndex((task) => task.qualified !== (task.reasons.length === 0));
  if (inconsistent >= 0)
    throw refuse(`${path}: $.tasks[${inconsistent}].qualified: expected true exactly when it lists no reasons`);
  return record;
}
