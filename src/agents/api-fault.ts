/**
 * Model API faults are infrastructure, not the agent's doing (issue 39): a rate limit (HTTP 429), a
 * server error (5xx) or no answer at all (a connection refused, reset or cut, which has no status).
 * Agent CLIs retry them with backoff inside the trial; one they gave up on ends the trial api-fault
 * (invalid, re-attemptable under policy.reattempts), and agent-error keeps the agent's own faults,
 * a request the API refused (400, 401, 413) among them.
 */

/** Whether a failed request's HTTP status (null: no HTTP answer at all) is the service's fault. */
export function isServiceFault(status: number | null): boolean {
  return status === null || status === 429 || (status >= 500 && status <= 599);
}

/** How a status reads in a reason. */
export function describeStatus(status: number | null): string {
  return status === null ? 'no answer (the connection failed)' : `HTTP ${status}`;
}
