import { realpathSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { MESSAGE_LIMIT } from '../contracts/receipt.js';
import { type Redaction, redactAndClip, secretValues } from '../contracts/redaction.js';
import type { TrialSpec } from './spec.js';

/** A directory and its real path (a tmp dir behind a link shows up both ways). */
function bothForms(path: string): string[] {
  try {
    const real = realpathSync(path);
    return real === path ? [path] : [path, real];
  } catch {
    return [path];
  }
}

export interface TrialRedactionInput {
  /** the trial directory (workspace, run home, proxy logs) */
  trialDir: string;
  root: string;
  taskDir: string;
  /** declared credential names: their host values are redacted wherever they appear */
  credentials: readonly string[];
  host: NodeJS.ProcessEnv;
  /** values the trial put in the agent's reach that are credentials too (a leased login's tokens) */
  leased?: readonly string[];
}

/**
 * What no text a trial records may hold: the declared credentials' values, any secret-looking host
 * variable's and any leased login value, and this machine's paths (the trial directory, the project
 * root and its state dir, the task, HOME and the tmp dir), each replaced by a placeholder. Receipts,
 * findings and evidence all use it.
 */
export function trialRedaction(input: TrialRedactionInput): Redaction {
  const secrets = [...secretValues(input.host, input.credentials), ...(input.leased ?? [])];
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
  return { secrets: [...new Set(secrets)].sort((a, b) => b.length - a.length), paths };
}

/** What no text this trial records may hold (its receipt, findings, evidence), the leased login's values included. */
export function redactionOf(spec: TrialSpec, trialDir: string, leased: readonly string[] = []): Redaction {
  return trialRedaction({
    trialDir,
    root: spec.root,
    taskDir: spec.task.dir,
    credentials: spec.credentials,
    host: process.env,
    leased,
  });
}

/** A receipt's text: redacted like the evidence, then cut to the receipt's bound. */
export function receiptText(text: string, spec: TrialSpec, trialDir: string, leased: readonly string[] = []): string {
  return redactAndClip(text, redactionOf(spec, trialDir, leased), MESSAGE_LIMIT);
}
