import type { z } from 'zod';
import type { Agent } from '../contracts/agent.js';
import type { AgentIdentity } from '../contracts/plan.js';
import type { LoginFile } from '../io/login-home.js';
import type { AgentAdapter, AgentObservation } from './adapter.js';

/** What an agent needs to see inside the sandbox, read-only, and whether it must reach a model API on loopback. */
export interface SandboxNeeds {
  loopback: boolean;
  readOnly: string[];
}

/** What the plan binds of an agent beyond its declaration; each reason in `blocked` blocks the plan. */
export interface BoundAgent {
  executableDigest: AgentIdentity['executableDigest'];
  /** the agent's own files by their digests, when it declares any */
  files?: AgentIdentity['files'];
  blocked: string[];
}

/** An agent CLI that `crossover agents install` installs pinned with npm into the project's own prefix. */
export interface AgentInstall {
  /** the npm package */
  package: string;
  /** its bin name: the launcher is `node_modules/.bin/<bin>` */
  bin: string;
  /** the real executable behind the launcher, whose digest the install records */
  executable(prefix: string): Promise<string>;
  /** the package needs its install scripts (run in bubblewrap, only the install writable); absent: none runs */
  scripts?: boolean;
}

/** Where an agent CLI keeps its subscription login, which a login lease copies into the run home. */
export interface AgentLogin {
  file: LoginFile;
  /** the user's own config home of this agent, relative to HOME, which a lease never reads from */
  ownHome: string;
  /** the variable that points the agent at another config home (also never read from when set) */
  homeVariable: string;
  /** the shell command that signs in with the pinned launcher, its config home pointed at `dir` (shell-quoted) */
  signIn(launcher: string, dir: string): string;
}

/** A saved transcript, parsed the way the adapter parses a trial's. */
export interface ParsedTranscript {
  adapter: string;
  format: 'claude-stream-json' | 'codex-rollout' | 'codex-events';
  observation: AgentObservation;
  /** how the run ended, where the transcript says: null when it cannot (a rollout) */
  ended: 'completed' | 'error' | 'unknown' | null;
}

/**
 * Everything Crossover knows about one adapter, in the adapter's own folder: its declaration, how
 * it is installed and logged into, where it finds skills, what its sandbox must show it, what a
 * plan binds of it and how to start it. `src/agents/registry.ts` lists one per adapter.
 */
export interface AgentDefinition<S extends Agent = Agent> {
  /** the `adapter` of its declarations */
  readonly name: S['adapter'];
  /** the schema of its declarations (the built-in ones are in src/contracts/agent.ts) */
  readonly spec: z.ZodType<S>;
  /** where the agent discovers skills, relative to its run home */
  readonly skillsHome: string;
  /** whether its trials may call a paid model: always, never, or when the experiment declares a price */
  readonly paid: 'always' | 'never' | 'when-priced';
  readonly install?: AgentInstall;
  readonly login?: AgentLogin;
  /** the version its receipts record; null for an agent without one */
  version(spec: S): string | null;
  sandboxNeeds(spec: S, root: string): SandboxNeeds;
  /** what the plan binds: computed exactly as each registered plan was, so a plan's id never moves */
  bind(spec: S, root: string): Promise<BoundAgent>;
  /** parses a saved transcript of this agent (`crossover transcript`); absent when it writes none */
  parseTranscript?(text: string): Omit<ParsedTranscript, 'adapter'>;
  /** the adapter that runs one trial; `root` is the project root (its installs, a command's files) */
  create(spec: S, root: string | undefined): AgentAdapter;
}
