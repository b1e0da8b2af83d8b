import { z } from 'zod';
import { DigestSchema, IdSchema } from './common.js';
import { DiffFileSchema, type EvidenceDiff } from './evidence.js';

/** Characters of one rejection reason: enough for a sentence or two, never a pasted file. */
export const REVIEW_REASON_LIMIT = 1000;

export const ReviewEditSchema = z
  .object({
    file: z.string().min(1).describe("Workspace-relative path of the changed entry, as the trial's evidence lists it."),
    change: DiffFileSchema.shape.change.describe('What the evidence says changed in that entry.'),
    hunk: z
      .number()
      .int()
      .positive()
      .nullable()
      .describe(
        "Which hunk of the file's patch, from 1; null: the whole change (binary content, a link, a mode change, a patch not kept).",
      ),
    header: z
      .string()
      .nullable()
      .describe('The hunk\'s "@@ -a,b +c,d @@" line, so a reader finds it; null with hunk null.'),
    lines: z
      .array(z.string())
      .describe("The hunk's lines as the evidence holds them (redacted, bounded), for the reviewer to read."),
    verdict: z
      .enum(['accepted', 'rejected'])
      .describe(
        'The reviewer\'s mark: prefilled "accepted"; "rejected" for an edit that is wrong though the checks passed.',
      ),
    reason: z
      .string()
      .max(REVIEW_REASON_LIMIT)
      .nullable()
      .describe('Why the edit is rejected: required (not blank) when rejected; null or a note when accepted.'),
  })
  .strict()
  .describe("One edit of the trial's diff: a hunk of a file's patch, or a whole change without text hunks.");

export const ReviewSchema = z
  .object({
    schema: z.literal('crossover.review/1').describe('Format and version of this document.'),
    planId: DigestSchema.describe('The plan whose trial is reviewed.'),
    trialId: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('The trial reviewed.'),
    taskId: IdSchema.describe('The task of the trial.'),
    arm: IdSchema.describe('The arm of the trial.'),
    repeat: z.number().int().positive().describe('Which repeat of (task, arm), from 1.'),
    evidence: DigestSchema.describe(
      "The evidence digest the review was prefilled from: the counted receipt's evidence must still be it.",
    ),
    edits: z
      .array(ReviewEditSchema)
      .describe("Every edit of the trial's diff, in the evidence's order of files, then hunks."),
  })
  .strict()
  .superRefine((review, ctx) => {
    const seen = new Set<string>();
    review.edits.forEach((edit, index) => {
      const key = `${edit.file}\n${edit.hunk}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['edits', index],
          message: `${edit.file} hunk ${edit.hunk} is listed twice`,
        });
      seen.add(key);
      if (edit.verdict === 'rejected' && (edit.reason === null || edit.reason.trim() === ''))
        ctx.addIssue({
          code: 'custom',
          path: ['edits', index, 'reason'],
          message: 'a rejected edit needs a reason (a non-blank string)',
        });
    });
  })
  .describe(
    "A person's review of one trial's diff, beside the oracle: it never changes a receipt, the plan or a verdict.",
  );

export type ReviewEdit = z.infer<typeof ReviewEditSchema>;
export type Review = z.infer<typeof ReviewSchema>;

/** A review file as the shell read it, handed to the scorecard builder (which never reads files). */
export interface ReadReview {
  /** The file, relative to the project root (posix). */
  path: string;
  /** sha256 of the file's bytes as read. */
  digest: string;
  review: Review;
}

const HUNK_HEADER = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/;

/** A unified patch cut at its "@@" lines: each hunk's header and lines; none when the patch has no hunk. */
function hunksOf(patch: string): { header: string; lines: string[] }[] {
  const hunks: { header: string; lines: string[] }[] = [];
  for (const line of patch.split('\n')) {
    if (HUNK_HEADER.test(line)) hunks.push({ header: line, lines: [] });
    else if (hunks.length > 0 && line !== '') hunks[hunks.length - 1]!.lines.push(line);
  }
  return hunks;
}

/**
 * The edits a review lists, prefilled "accepted": one per hunk of each file's patch, and one whole
 * change for an entry without text hunks. The same diff always gives the same edits, so a review's
 * edits can be checked against the evidence it names.
 */
export function reviewEdits(diff: EvidenceDiff): ReviewEdit[] {
  return diff.files.flatMap((file): ReviewEdit[] => {
    const hunks = file.patch === null ? [] : hunksOf(file.patch);
    const base = { file: file.path, change: file.change, verdict: 'accepted' as const, reason: null };
    if (hunks.length === 0)
      return [{ ...base, hunk: null, header: null, lines: file.patch === null ? [] : file.patch.split('\n') }];
    return hunks.map((hunk, index) => ({ ...base, hunk: index + 1, header: hunk.header, lines: hunk.lines }));
  });
}
