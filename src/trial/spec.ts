import type { PlannedArm } from '../contracts/plan.js';
import type { Finding, ReceiptBody } from '../contracts/receipt.js';
import type { LoadedTask } from '../corpus/load.js';
import type { BrowserSession } from '../grading/browser-session.js';
import { underAny } from '../io/tree.js';
import type { AgentSlots } from './agent-slots.js';
import type { ProviderLauncher } from './provider-launch.js';
import type { SandboxKind } from './trial-sandbox.js';

/**
 * One trial, everything bound: what `runPlannedTrial` derives from a plan (or an ad-hoc plan of
 * `crossover trial`). Every phase reads it; none changes it.
 */
export interface TrialSpec {
  planId: string;
  trial: ReceiptBody['trial'];
  /** the project root: state lives under its .crossover/ */
  root: string;
  task: LoadedTask;
  arm: PlannedArm;
  prompt: string;
  sandbox: SandboxKind;
  /** a container trial's image, by id, as the plan bound it; absent: the one its task's environment names now */
  image?: string;
  /** reaches the arm's provider for this trial's workspace; a launch that fails makes the trial setup-failed */
  provider: ProviderLauncher;
  /** declared credential names, passed from the host environment when set */
  credentials: string[];
  /** declared egress hosts: the sandbox then shares the host network (bubblewrap cannot filter hosts) */
  egressHosts: string[];
  /** a test's local servers: share the host network for loopback */
  loopback: boolean;
  /** read-only paths the agent and its provider servers need in their sandboxes beyond what the adapter declares */
  readOnly: string[];
  timeoutMs: number;
  signal: AbortSignal;
  /** the task's preregistered skill ("none", or null when not preregistered): an arm may preload it */
  expectedSkill: string | null;
  /** synthetic agents may read the hidden reference (a labelled self-test) */
  referenceAllowed: boolean;
  /** one Chromium shared by the trials of a test file; absent: grading launches its own */
  browser?: BrowserSession;
  /** the bound on agents at once this trial shares; absent: its agent runs at once */
  agentSlots?: AgentSlots;
  /** the run's deadline (epoch ms): a trial not started by then is not run, one running then is cancelled */
  deadline?: number;
  /** a login directory (absolute) whose login file the agent leases for this trial; absent: API-key auth */
  authHome?: string;
  /** build the trial's evidence (the receipt then names its digest); absent or false: none is built */
  keepEvidence?: boolean;
  /** the digest of the setup's produced tree the plan bound; absent: not bound (an ad-hoc trial) */
  setupDigest?: string | null;
}

/** When the trial runs against the clock: its signal, and the run deadline's own when it has one. */
export interface TrialClock {
  /** aborts when the run is cancelled or its deadline passes */
  signal: AbortSignal;
  /** aborts at the run's deadline alone; null when the run has none */
  atDeadline: AbortSignal | null;
}

/**
 * Paths of the workspace that are not the agent's work: a provider's index, and the .git rebuilt
 * for a task that declares history (git rewrites its index on `git status`). Never diffed, counted or flagged.
 */
export function overlaidPaths(spec: TrialSpec, indexPaths: readonly string[]): (path: string) => boolean {
  const history = spec.task.task.repository?.history ? ['.git'] : [];
  return underAny([...indexPaths, ...history]);
}

/** The sandbox finding of a trial whose network is shared with the host; null when it is not. */
export function networkFinding(spec: TrialSpec): Finding | null {
  if (spec.sandbox === 'none' || (spec.egressHosts.length === 0 && !spec.loopback)) return null;
  const declared = [...spec.egressHosts, ...(spec.loopback ? ['loopback'] : [])].join(', ');
  return {
    kind: 'sandbox',
    detail: `network shared with the host for ${declared}: ${spec.sandbox} does not filter hosts, so egress is not limited to them`,
  };
}
