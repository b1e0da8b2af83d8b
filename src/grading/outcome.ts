import { inspect } from 'node:util';
import { MESSAGE_LIMIT } from '../contracts/receipt.js';
import { clip, withoutValues } from '../contracts/redaction.js';

/** What one run of a check took; `cpuMs`, `waitMs` and `ownMs` null where the kernel's accounting could not be read. */
export interface CheckTimes {
  wallMs: number;
  cpuMs: number | null;
  waitMs: number | null;
  /** the time its limit counts (CheckClock) */
  ownMs: number | null;
}

/** What one check run ended with, before the grader names it. */
export interface CheckOutcome {
  status: 'pass' | 'fail' | 'error';
  message: string;
  /** what the run took; absent when the check never started */
  times?: CheckTimes;
  /** no verdict (status error): the machine kept the check from its time; grade.ts runs it again alone */
  starved?: true;
}

/** Messages end up in receipts: keep them short whatever a check or the workspace printed. */
export function boundedMessage(text: string, limit = 600): string {
  return clip(text.trim(), Math.min(limit, MESSAGE_LIMIT));
}

/** Only the first line of a failure reaches a receipt: an assertion's diff quotes the expected value. */
export function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

/**
 * The line with the error's own `expected` value (an assertion's) cut out: receipts are read by
 * people and may reach agents, and must not carry a hidden check's answer. The node check's
 * harness applies the same rule in plain JavaScript.
 */
export function withoutExpected(line: string, error: Error): string {
  const expected = (error as { expected?: unknown }).expected;
  if (expected === undefined) return line;
  return withoutValues(line, new Set([inspect(expected), String(expected)]), '<expected>');
}

export const PASS: CheckOutcome = { status: 'pass', message: '' };

export function failed(message: string): CheckOutcome {
  return { status: 'fail', message: boundedMessage(message) };
}

export function errored(message: string): CheckOutcome {
  return { status: 'error', message: boundedMessage(message) };
}

/** A run the machine starved: no verdict, and why. */
export function starvedRun(message: string, times: CheckTimes): CheckOutcome {
  return { status: 'error', message: boundedMessage(`starved: ${message}`), times, starved: true };
}
