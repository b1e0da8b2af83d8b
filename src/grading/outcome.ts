import { MESSAGE_LIMIT } from '../contracts/receipt.js';

/** What one check run ended with, before the grader names it. */
export interface CheckOutcome {
  status: 'pass' | 'fail' | 'error';
  message: string;
}

/** Messages end up in receipts: keep them short whatever a check or the workspace printed. */
export function boundedMessage(text: string, limit = 600): string {
  const flat = text.trim();
  const max = Math.min(limit, MESSAGE_LIMIT);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export const PASS: CheckOutcome = { status: 'pass', message: '' };

export function failed(message: string): CheckOutcome {
  return { status: 'fail', message: boundedMessage(message) };
}

export function errored(message: string): CheckOutcome {
  return { status: 'error', message: boundedMessage(message) };
}
