/** What one probe carries through its steps: the provider, its limits, its scratch directories, its containment. */
import {
  PROBE_TEXT_LIMIT,
  type ProbeIdentity,
  type ProbeInterface,
  type ProbeMeasurements,
  type ProbeStep,
} from '../contracts/probe.js';
import type { Provider } from '../contracts/provider.js';
import { clip } from '../contracts/redaction.js';
import type { LoadedTask } from '../corpus/load.js';
import type { SandboxHost } from '../io/sandbox.js';
import type { Containment } from '../provider-runtime/contain.js';
import { INDEX_DEFAULTS } from '../provider-runtime/context-index.js';

export interface ProbeLimits {
  setupTimeoutMs: number;
  indexTimeoutMs: number;
  storageLimitBytes: number;
}

export const PROBE_LIMITS: ProbeLimits = {
  setupTimeoutMs: 30_000,
  indexTimeoutMs: INDEX_DEFAULTS.timeoutMs,
  storageLimitBytes: INDEX_DEFAULTS.storageLimitBytes,
};

export interface ProbeOptions {
  /** the project root: never named in a record */
  root: string;
  /** directory the declaration's "./" and "../" command paths are relative to; default root */
  baseDir?: string;
  /** the task whose own snapshot the index command runs on */
  sampleTask?: LoadedTask;
  /** an approval names this provider: task source may be sent to it */
  approvedEgress?: boolean;
  env?: NodeJS.ProcessEnv;
  limits?: Partial<ProbeLimits>;
  /**
   * The trial's sandbox every provider process runs in (fresh HOME, no network unless the declared
   * egress is allowed, the whole tree ended); null runs them bare, which only `--sandbox none` asks for.
   */
  sandbox: SandboxHost | null;
}

/** Scratch directories of one probe; all below one temp dir removed at the end. */
export interface Scratch {
  dir: string;
  snapshot: string;
  index: string;
  empty: string;
  /** the fresh HOME every provider process of the probe gets (never the caller's) */
  home: string;
  /** a copy of the snapshot with the in-tree index overlaid: where the server runs */
  workspace: string;
}

export interface Context {
  provider: Provider;
  root: string;
  baseDir: string;
  env: NodeJS.ProcessEnv;
  limits: ProbeLimits;
  approved: boolean;
  /** task source and sample calls may reach the provider: no approval is needed, or one names it */
  shareSource: boolean;
  scratch: Scratch;
  containment: Containment;
  /** the one-time setup's directory, once it ran or was reused; null when none is declared or it did not run */
  setupDir: string | null;
}

export interface ProviderSetupOutcome {
  step: ProbeIdentity['providerSetup'];
  measurement: ProbeMeasurements['providerSetup'];
}

export interface IndexOutcome {
  step: ProbeIdentity['index'];
  measurement: ProbeMeasurements['index'];
}

export interface SetupOutcome {
  step: ProbeStep;
  iface: ProbeInterface | null;
  setupMs: number | null;
  sample: { step: ProbeIdentity['sample']; measurement: ProbeMeasurements['sample'] };
}

export const skipped = (detail: string): ProbeStep => ({ status: 'skipped', detail });

export function messageOf(error: unknown): string {
  return clip(error instanceof Error ? error.message : String(error), PROBE_TEXT_LIMIT);
}
