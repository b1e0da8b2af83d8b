import { realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
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
import { boundedText, type CheckResult, type ContextCall, type ReceiptBody } from '../contracts/receipt.js';
import type { Redaction } from '../probe/redact.js';

/** Host variables whose values are treated as credentials even when undeclared. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION/i;
/** Shorter values are not redacted: "1" or "true" would blank out ordinary text. */
const MIN_SECRET_LENGTH = 8;

/** A directory and its real path (a tmp dir behind a link shows up both ways). */
function bothForms(path: string): string[] {
  try {
    const real = realpathSync(path);
    return real === path ? [path] : [path, real];
  } catch {
    return [path];
  }
}

export interface EvidenceRedactionInput {
  /** the trial directory (workspace, run home, proxy logs) */
  trialDir: string;
  root: string;
  taskDir: string;
  /** declared credential names: their host values are redacted wherever they appear */
  credentials: readonly string[];
  host: NodeJS.ProcessEnv;
  /** values redacted wherever they appear, whatever their name (a leased login's tokens) */
  secrets?: readonly string[];
}

/**
 * What evidence text must never hold: the declared credentials' values and any secret-looking host
 * variable's, and this machine's paths (the trial directory, the project root and its state dir,
 * the task, HOME and the tmp dir), each replaced by a placeholder.
 */
export function evidenceRedaction(input: EvidenceRedactionInput): Redaction {
  const secrets = new Set<string>(input.secrets ?? []);
  for (const [name, value] of Object.entries(input.host)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue;
    if (input.credentials.includes(name) || SECRET_NAME.test(name)) secrets.add(value);
  }
  const paths: Record<string, string> = {};
  const places: [string, string][] = [
    [homedir(), '<home>'],
    [tmpdir(), '<tmp>'],
    [input.root, '<root>'],
    [input.taskDir, '<task>'],
    [input.trialDir, '<trial>'],
  ];
  for (const [path, placeholder] of places)
    for (const form of bothForms(path)) if (form.length > 1) paths[form] = placeholder;
  return { secrets: [...secrets].sort((a, b) => b.length - a.length), paths };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A path counts only as a whole path: not the tail of a longer name ("…/x/tmp"), nor the start of one ("/tmpfoo"). */
const NAME_CHAR = '[A-Za-z0-9._-]';

/**
 * Every credential and path replaced in one pass, longest first: replacing one after another
 * would let a placeholder's neighbour match again ("<trial>/tmp" becoming "<trial><tmp>").
 */
export function redactAll(text: string, redaction: Redaction): string {
  const replacements = new Map<string, string>([
    ...Object.entries(redaction.paths),
    ...redaction.secrets.map((secret): [string, string] => [secret, '<redacted>']),
  ]);
  if (replacements.size === 0) return text;
  const paths = new Set(Object.keys(redaction.paths));
  const alternatives = [...replacements.keys()]
    .sort((a, b) => b.length - a.length)
    .map((key) => (paths.has(key) ? `(?<!${NAME_CHAR})${escapeRegExp(key)}(?!${NAME_CHAR})` : escapeRegExp(key)));
  return text.replace(new RegExp(alternatives.join('|'), 'g'), (found) => replacements.get(found) ?? found);
}

/**
 * `value` with every string in it (object keys too) redacted of `secrets`: for a document built
 * from text the agent controls in places no redaction pass reads (file names, tool names).
 */
export function redactValues<T>(secrets: readonly string[], value: T): T {
  if (secrets.length === 0) return value;
  const redaction: Redaction = { secrets: [...secrets].sort((a, b) => b.length - a.length), paths: {} };
  const walk = (at: unknown): unknown => {
    if (typeof at === 'string') return redactAll(at, redaction);
    if (Array.isArray(at)) return at.map(walk);
    if (typeof at !== 'object' || at === null) return at;
    return Object.fromEntries(Object.entries(at).map(([key, inner]) => [redactAll(key, redaction), walk(inner)]));
  };
  return walk(value) as T;
}

function boundedEntry(entry: TranscriptEntry, redaction: Redaction): TranscriptEntry {
  const clean = (text: string) => boundedHead(redactAll(text, redaction));
  if (entry.kind === 'tool-call')
    return { ...entry, tool: redactAll(entry.tool, redaction).slice(0, 200), input: clean(entry.input) };
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
    message: boundedText(redactAll(check.message, input.redaction)),
    durationMs: input.durationsMs?.[index] ?? null,
  }));
}

/** A trial's evidence: every part redacted (paths, credentials) and bounded, each cut marked. */
export function trialEvidence(input: EvidenceInput): Evidence {
  const { body, redaction } = input;
  const tail = (text: string) => boundedTail(redactAll(text, redaction));
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
