import { randomBytes } from 'node:crypto';
import { type AgentRunResult, UNOBSERVED } from '../agents/adapter.js';
import { CrossoverError, errorReason } from '../contracts/errors.js';
import type { Finding, ReceiptBody } from '../contracts/receipt.js';
import { removeTrialDir } from './cleanup.js';
import { MARKER_VARIABLE } from './environment.js';
import { withLoginLease } from './login-lease.js';
import { type AgentPlace, type Prepared, prepare } from './prepare.js';
import { notRunReceipt, type ReceiptBase } from './receipt-body.js';
import { receiptText } from './redaction.js';
import type { TrialClock, TrialSpec } from './spec.js';
import { sandboxVersionFor } from './trial-sandbox.js';

/** A trial whose agent ran: what it started from, what it returned, and the clock it ran under. */
export interface AgentRun {
  prepared: Prepared;
  result: AgentRunResult;
  elapsedMs: number;
  /** what giving the leased login back found (a changed or replaced login file) */
  leaseFindings: Finding[];
  /** the leased login's credential values, installed and refreshed: no text the trial keeps holds them */
  leased: string[];
  clock: TrialClock;
}

/** The agent phase's end: the agent ran, or the trial ended before it could (its receipt). */
export type AgentPhase = { notRun: ReceiptBody } | AgentRun;

function sandboxVersion(spec: TrialSpec): Promise<string | null> {
  return sandboxVersionFor(spec.sandbox);
}

/**
 * The budget's deadline, read when the trial would start (after waiting for its agent slot): a
 * trial that cannot start in time has no clock. One that starts runs under a signal that also
 * aborts at the deadline (a cancelled receipt). The deadline crosses processes as an epoch instant;
 * it is read against the wall clock once, here, and from then on is a timer, so a step of the clock
 * during the trial neither cuts nor stretches it.
 */
function trialClock(spec: TrialSpec): TrialClock | null {
  if (spec.deadline === undefined) return { signal: spec.signal, atDeadline: null };
  const left = spec.deadline - Date.now();
  if (left <= 0) return null;
  const atDeadline = AbortSignal.timeout(left);
  return { signal: AbortSignal.any([spec.signal, atDeadline]), atDeadline };
}

/** The receipt of a trial the run's deadline left no time to start: the denominator stays whole. */
async function budgetExhausted(spec: TrialSpec, base: ReceiptBase): Promise<{ notRun: ReceiptBody }> {
  const sandbox = { kind: spec.sandbox, version: await sandboxVersion(spec) };
  return {
    notRun: notRunReceipt(base, 'budget-exhausted', sandbox, [
      { kind: 'budget', detail: "the run's deadline (budget.deadlineSec) passed before this trial could start" },
    ]),
  };
}

/** The receipt of a trial whose setup failed (drift when something bound changed); its folder is removed. */
async function setupFailure(
  spec: TrialSpec,
  trialDir: string,
  base: ReceiptBase,
  error: unknown,
): Promise<{ notRun: ReceiptBody }> {
  const cleanup = await removeTrialDir(trialDir, spec);
  const drift = error instanceof CrossoverError && error.code === 'drift';
  const detail = receiptText(`setup failed: ${errorReason(error)}`, spec, trialDir);
  const sandbox = { kind: spec.sandbox, version: await sandboxVersion(spec) };
  return {
    notRun: notRunReceipt(base, drift ? 'drift' : 'setup-failed', sandbox, [
      { kind: 'sandbox', detail },
      ...(cleanup ? [cleanup] : []),
    ]),
  };
}

/** The adapter's run; a throw is the agent's error, or its timeout when its own time limit fired. */
async function runAgent(prepared: Prepared, spec: TrialSpec, trialDir: string, clock: TrialClock) {
  try {
    return await prepared.adapter.run(prepared.context);
  } catch (error) {
    const timedOut = prepared.context.signal.aborted && !clock.signal.aborted;
    const reason = receiptText((error as Error).message ?? String(error), spec, trialDir);
    const result: AgentRunResult = {
      outcome: timedOut ? 'timeout' : 'agent-error',
      error: timedOut ? null : reason,
      observation: UNOBSERVED,
    };
    return result;
  } finally {
    prepared.agentClock.stop();
    await prepared.proxy.close();
  }
}

/** Fresh workspace and run home, then the agent: what holds one of the agent slots. */
async function preparedRun(
  spec: TrialSpec,
  trialDir: string,
  base: ReceiptBase,
  place: Pick<AgentPlace, 'clock' | 'lease'>,
): Promise<AgentPhase> {
  const markerValue = randomBytes(12).toString('hex');
  const marker = { variable: `${MARKER_VARIABLE}=${markerValue}`, directory: trialDir };
  let prepared: Prepared;
  try {
    prepared = await prepare(spec, { trialDir, marker, markerValue, ...place });
  } catch (error) {
    return setupFailure(spec, trialDir, base, error);
  }
  const started = performance.now();
  const result = await runAgent(prepared, spec, trialDir, place.clock);
  const elapsedMs = Math.round(performance.now() - started);
  return { prepared, result, elapsedMs, leaseFindings: [], leased: [], clock: place.clock };
}

/**
 * The agent phase under the login lease when the trial has one: the login file is in the run home
 * only while the agent runs, and a refused login directory makes the trial setup-failed.
 */
async function leasedRun(spec: TrialSpec, trialDir: string, base: ReceiptBase, clock: TrialClock) {
  if (spec.authHome === undefined) return preparedRun(spec, trialDir, base, { clock, lease: null });
  try {
    const leased = await withLoginLease(spec.authHome, spec.arm.agent.spec.adapter, (lease) =>
      preparedRun(spec, trialDir, base, { clock, lease }),
    );
    if ('notRun' in leased.value) return leased.value;
    return { ...leased.value, leaseFindings: leased.findings, leased: leased.secrets };
  } catch (error) {
    return setupFailure(spec, trialDir, base, error);
  }
}

/**
 * Waits for an agent slot, then starts the trial if the run's deadline allows: fresh workspace and
 * run home, the agent under its sandbox and clock. Every way this ends short of an agent run is a
 * receipt.
 */
export async function agentPhase(spec: TrialSpec, trialDir: string, base: ReceiptBase): Promise<AgentPhase> {
  const start = async (): Promise<AgentPhase> => {
    const clock = trialClock(spec);
    return clock === null ? budgetExhausted(spec, base) : leasedRun(spec, trialDir, base, clock);
  };
  return spec.agentSlots ? spec.agentSlots.run(start) : start();
}
