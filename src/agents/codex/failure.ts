import { describeStatus, isServiceFault } from '../api-fault.js';
import { jsonLines, record } from '../jsonl.js';

/**
 * Whether a failed Codex run is the model API's fault (api-fault.ts). Codex 0.171 classifies a
 * failed turn itself in its session rollout (`codex_error_info` of the failed turn's event): the
 * structured answer is read first, and the turn's message (`exceeded retry limit, last status: 429
 * Too Many Requests`, `stream disconnected before completion: …`) only where it says `other` or the
 * rollout is missing.
 */

/** Codex's own names for a failure of the service, with no status. */
const SERVICE_FAILURES = new Set(['internal_server_error', 'server_overloaded', 'usage_limit_exceeded']);
/** Codex's names for a failed request that carry the HTTP status it got (none: no answer at all). */
const REQUEST_FAILURES = new Set([
  'http_connection_failed',
  'response_stream_connection_failed',
  'response_stream_disconnected',
  'response_too_many_failed_attempts',
]);
const LAST_STATUS = /last status: (\d{3})\b/;
/** Messages of a request that got no answer: the connection failed or was cut. */
const NO_ANSWER = /stream disconnected before completion|error sending request|connection (?:reset|refused|closed)/i;

/** The `codex_error_info` of the last failed turn or error event in a session rollout; null when none. */
export function rolloutFailure(rollout: string): unknown {
  let info: unknown = null;
  for (const line of jsonLines(rollout)) {
    const payload = record(line.payload);
    if (line.type !== 'event_msg') continue;
    const found = payload.type === 'error' ? payload.codex_error_info : record(payload.error).codex_error_info;
    if (found !== undefined && found !== null) info = found;
  }
  return info;
}

/** The failure as Codex classified it: a name, and the HTTP status where it has one. */
function classified(info: unknown): { name: string; status?: number | null } | null {
  if (typeof info === 'string') return { name: info };
  const entries = Object.entries(record(info));
  if (entries.length !== 1) return null;
  const [name, detail] = entries[0] as [string, unknown];
  const status = record(detail).http_status_code;
  return { name, status: typeof status === 'number' ? status : null };
}

/** What the turn's message says of the API: its last status, or no answer; undefined when it says nothing. */
function fromMessage(message: string): number | null | undefined {
  const status = LAST_STATUS.exec(message)?.[1];
  if (status !== undefined) return Number(status);
  return NO_ANSWER.test(message) ? null : undefined;
}

/** The reason of a run the model API failed; null when the failure is the agent's own. */
export function codexApiFault(failure: string, info: unknown): string | null {
  const known = classified(info);
  const gaveUp = 'codex retried, then gave up';
  if (known !== null && SERVICE_FAILURES.has(known.name))
    return `api-fault: the model API failed (${known.name}); ${gaveUp}`;
  if (known !== null && REQUEST_FAILURES.has(known.name)) {
    const status = known.status ?? null;
    return isServiceFault(status) ? `api-fault: the model API answered ${describeStatus(status)}; ${gaveUp}` : null;
  }
  if (known !== null && known.name !== 'other') return null;
  const status = fromMessage(failure);
  if (status === undefined || !isServiceFault(status)) return null;
  return `api-fault: the model API answered ${describeStatus(status)}; ${gaveUp}`;
}
