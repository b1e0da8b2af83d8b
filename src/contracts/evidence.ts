import { z } from 'zod';
import { digestOf } from './canonical.js';
import { DigestSchema, IdSchema } from './common.js';
import { CheckResultSchema, ContextCallSchema } from './receipt.js';
import { clip, clipEnd } from './redaction.js';

/**
 * Bounds on each part of a trial's evidence: agent output is unbounded model text, so every part
 * is cut, and the cut is marked where a reader sees it.
 */
export const EVIDENCE_LIMITS = {
  /** characters of one transcript entry, one output tail or one check message */
  text: 16 * 1024,
  /** transcript entries kept, from the start */
  transcriptEntries: 400,
  /** context-tool records kept, in order (each is a few fields, never an answer's text) */
  contextCalls: 10_000,
  /** changed files listed in the diff */
  diffFiles: 200,
  /** characters of one file's patch */
  patch: 64 * 1024,
  /** characters of all patches together */
  diffTotal: 256 * 1024,
} as const;

/** What every cut part carries, so a reader never takes a tail or a prefix for the whole. */
export const TRUNCATED_MARK = '[crossover: truncated]';

const BoundedPart = (limit: number) => z.string().max(limit + TRUNCATED_MARK.length + 64);

export const TranscriptEntrySchema = z
  .discriminatedUnion('kind', [
    z
      .object({
        kind: z.literal('message').describe('Text the model or the user wrote.'),
        role: z.enum(['assistant', 'user', 'system']).describe('Who wrote it.'),
        text: BoundedPart(EVIDENCE_LIMITS.text).describe('The text, redacted and bounded.'),
      })
      .strict()
      .describe('A message of the conversation.'),
    z
      .object({
        kind: z.literal('tool-call').describe('The agent called a tool.'),
        tool: z.string().max(200).describe('The tool name, as the transcript gives it.'),
        input: BoundedPart(EVIDENCE_LIMITS.text).describe("The call's input as JSON, redacted and bounded."),
      })
      .strict()
      .describe('A tool call the agent made, in order.'),
    z
      .object({
        kind: z.literal('tool-result').describe('What a tool answered.'),
        error: z.boolean().describe('The tool reported an error.'),
        text: BoundedPart(EVIDENCE_LIMITS.text).describe('The answer, redacted and bounded.'),
      })
      .strict()
      .describe('The answer to a tool call.'),
  ])
  .describe('One step of the normalized transcript.');

export const EvidenceTranscriptSchema = z
  .object({
    format: z
      .enum(['claude-stream-json', 'codex-events', 'codex-rollout'])
      .describe('The transcript format the adapter parsed.'),
    entries: z
      .array(TranscriptEntrySchema)
      .max(EVIDENCE_LIMITS.transcriptEntries)
      .describe('Messages, tool calls and tool results, in the order the agent produced them.'),
    omitted: z.number().int().nonnegative().describe('Entries left out past the bound (0: the transcript is whole).'),
  })
  .strict()
  .describe("The agent's transcript, normalized by its adapter's parser.");

export const DiffFileSchema = z
  .object({
    path: z.string().min(1).describe('Workspace-relative path of the changed entry.'),
    change: z
      .enum(['added', 'deleted', 'modified', 'mode', 'link', 'refused'])
      .describe(
        'added, deleted or modified content; mode: only the executable bit; link: an in-tree symlink; refused: a link leaving the tree or a special file.',
      ),
    patch: BoundedPart(EVIDENCE_LIMITS.patch)
      .nullable()
      .describe('Unified diff of the text (redacted, bounded); null for binary content, links and refused entries.'),
  })
  .strict()
  .describe('One entry of the workspace that differs from the starting tree.');

export const EvidenceDiffSchema = z
  .object({
    files: z
      .array(DiffFileSchema)
      .max(EVIDENCE_LIMITS.diffFiles)
      .describe('Changed entries, sorted by path; overlaid provider indexes are never listed.'),
    omitted: z.number().int().nonnegative().describe('Changed entries left out past the bound.'),
  })
  .strict()
  .describe('The workspace after the agent, against the starting tree, from the one post-agent scan.');

export const EvidenceOutputSchema = z
  .object({
    stdout: BoundedPart(EVIDENCE_LIMITS.text).describe("The tail of the agent process's stdout, redacted."),
    stderr: BoundedPart(EVIDENCE_LIMITS.text).describe("The tail of the agent process's stderr, redacted."),
  })
  .strict()
  .describe('What the agent process printed last (its beginning is marked as truncated when cut).');

export const EvidenceCheckSchema = CheckResultSchema.extend({
  durationMs: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe('How long the check ran; null when it did not run (tampering, a failed grader).'),
})
  .strict()
  .describe("One hidden check's result with its duration.");

export const EvidenceBodySchema = z
  .object({
    schema: z.literal('crossover.evidence/1').describe('Format and version of this document.'),
    planId: DigestSchema.describe('The plan the trial belongs to.'),
    trialId: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .describe('The trial this evidence explains.'),
    taskId: IdSchema.describe('The task of the trial.'),
    arm: IdSchema.describe('The arm of the trial.'),
    repeat: z.number().int().positive().describe('Which repeat of (task, arm), from 1.'),
    promptDigest: DigestSchema.describe('Digest of the exact prompt the agent received.'),
    transcript: EvidenceTranscriptSchema.nullable().describe(
      'null when the adapter has no transcript parser (a command agent) or the agent left none.',
    ),
    contextCalls: z
      .array(ContextCallSchema)
      .max(EVIDENCE_LIMITS.contextCalls)
      .describe("Every context-tool call Crossover's MCP proxy recorded, in order."),
    contextCallsOmitted: z.number().int().nonnegative().describe('Proxy records left out past the bound.'),
    diff: EvidenceDiffSchema.nullable().describe('null when the workspace was not examined (cancelled, unreadable).'),
    output: EvidenceOutputSchema.nullable().describe('null when the agent started no process (a synthetic agent).'),
    checks: z.array(EvidenceCheckSchema).describe('Every check of the receipt, in its order, with durations.'),
  })
  .strict();

export const EvidenceSchema = EvidenceBodySchema.describe(
  "Why a trial ended as it did: the bounded, redacted record kept beside its receipt, named by the receipt's evidence digest.",
);

export type Evidence = z.infer<typeof EvidenceSchema>;
export type TranscriptEntry = z.infer<typeof TranscriptEntrySchema>;
export type EvidenceTranscript = z.infer<typeof EvidenceTranscriptSchema>;
export type DiffFile = z.infer<typeof DiffFileSchema>;
export type EvidenceDiff = z.infer<typeof EvidenceDiffSchema>;
export type EvidenceCheck = z.infer<typeof EvidenceCheckSchema>;

/** Text cut to `limit` characters from its start, the cut marked on a line of its own. */
export function boundedHead(text: string, limit: number = EVIDENCE_LIMITS.text): string {
  return clip(text, limit, `\n${TRUNCATED_MARK}`);
}

/** Text cut to its last `limit` characters, the cut marked on a line of its own at the start. */
export function boundedTail(text: string, limit: number = EVIDENCE_LIMITS.text): string {
  return clipEnd(text, limit, `${TRUNCATED_MARK}\n`);
}

/** The digest that names an evidence document: its file name and the receipt's `evidence` field. */
export function evidenceDigest(evidence: Evidence): string {
  return digestOf(EvidenceSchema.parse(evidence));
}
