import type { TranscriptSteps } from '../agents/adapter.js';
import { digestBytes } from '../contracts/canonical.js';
import {
  boundedHead,
  boundedTail,
  EVIDENCE_LIMITS,
  type Evidence,
  type EvidenceDiff,
  EvidenceSchema,
  type EvidenceTranscript,
  type TranscriptEntry,
} from '../contracts/evidence.js';
import { type CheckResult, type ContextCall, MESSAGE_LIMIT, type ReceiptBody } from '../contracts/receipt.js';
import { clip, type Redaction, redact } from '../contracts/redaction.js';

function boundedEntry(entry: TranscriptEntry, redaction: Redaction): TranscriptEntry {
  const clean = (text: string) => boundedHead(redact(text, redaction));
  if (entry.kind === 'tool-call')
    return { ...entry, tool: clip(redact(entry.tool, redaction), 200), input: clean(entry.input) };
  return { ...entry, text: clean(entry.text) };
}

function evidenceTranscript(steps: TranscriptSteps | undefined, redaction: Redaction): EvidenceTranscript | null {
  if (steps === undefined) return null;
  const kept = steps.entries.slice(0, EVIDENCE_LIMITS.transcriptEntries);
  return {
    format: steps.format,
    entries: kept.map((entry) => boundedEntry(entry, redaction)),
    omitted: steps.entries.length - kept.length,
  };
}

export interface EvidenceInput {
  body: ReceiptBody;
  prompt: string;
  transcript: TranscriptSteps | undefined;
  contextCalls: readonly ContextCall[];
  diff: EvidenceDiff | null;
  /** the agent processes' output tails; null when it started none */
  output: { stdout: string; stderr: string } | null;
  /** durations of `body.checks`, in order; absent when grading did not finish */
  durationsMs: readonly (number | null)[] | undefined;
  redaction: Redaction;
}

/** The receipt's checks with their durations; a message may quote what the agent wrote, so it is redacted too. */
function evidenceChecks(input: EvidenceInput) {
  return input.body.checks.map((check: CheckResult, index) => ({
    ...check,
    message: clip(redact(check.message, input.redaction), MESSAGE_LIMIT),
    durationMs: input.durationsMs?.[index] ?? null,
  }));
}

/** A trial's evidence: every part redacted (paths, credentials) and bounded, each cut marked. */
export function trialEvidence(input: EvidenceInput): Evidence {
  const { body, redaction } = input;
  const tail = (text: string) => boundedTail(redact(text, redaction));
  const calls = input.contextCalls.slice(0, EVIDENCE_LIMITS.contextCalls);
  return EvidenceSchema.parse({
    schema: 'crossover.evidence/1',
    planId: body.planId,
    trialId: body.trial.id,
    taskId: body.trial.taskId,
    arm: body.trial.arm,
    repeat: body.trial.repeat,
    promptDigest: digestBytes(input.prompt),
    transcript: evidenceTranscript(input.transcript, redaction),
    contextCalls: calls,
    contextCallsOmitted: input.contextCalls.length - calls.length,
    diff: input.diff,
    output: input.output === null ? null : { stdout: tail(input.output.stdout), stderr: tail(input.output.stderr) },
    checks: evidenceChecks(input),
  });
}
