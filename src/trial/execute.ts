import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  type AgentAdapter,
  type AgentRunContext,
  type AgentRunResult,
  type ToolCall,
  UNOBSERVED,
} from '../agents/adapter.js';
import { adapterFor } from '../agents/registry.js';
import { agentSandboxNeeds } from '../agents/sandbox-needs.js';
import { SKILL_HOMES } from '../agents/skill-homes.js';
import { CrossoverError, errorReason } from '../contracts/errors.js';
import { type Evidence, type EvidenceDiff, evidenceDigest } from '../contracts/evidence.js';
import type { PlannedArm } from '../contracts/plan.js';
import { CONTEXT_CALL_LIMIT, type Finding, MESSAGE_LIMIT, type ReceiptBody } from '../contracts/receipt.js';
import type { TreeModel } from '../contracts/tree.js';
import type { LoadedTask } from '../corpus/load.js';
import { ensureSetup, type SetupOutputs } from '../corpus/setup.js';
import type { BrowserSession } from '../grading/browser-session.js';
import { checkLaneCount, type GradeResult, gradeWorkspace } from '../grading/grade.js';
import { scanWorkspace, type WorkspaceScan } from '../grading/workspace-scan.js';
import { STATE_DIR } from '../io/layout.js';
import type { ProcessMarker } from '../io/process-tree.js';
import { handOver, type SandboxHost } from '../io/sandbox.js';
import { serverLauncher } from '../io/server-launch.js';
import { underAny } from '../io/tree.js';
import { indexRevisionMatches, overlayInTree } from '../probe/context-index.js';
import { replacePath } from '../probe/redact.js';
import { agentExec } from './agent-exec.js';
import type { AgentSlots } from './agent-slots.js';
import { workspaceChanges } from './changes.js';
import { detectContamination } from './contamination.js';
import { changedPaths, observedCalls, trialDiagnostics } from './diagnostics.js';
import { agentEnvironment, DEFAULT_PATH, MARKER_VARIABLE } from './environment.js';
import { evidenceRedaction, redactAll, trialEvidence } from './evidence.js';
import { workspaceDiff } from './evidence-diff.js';
import { GRADING_CAPACITY, inGradingSlot } from './grading-slots.js';
import { type LoginLease, withLoginLease } from './login-lease.js';
import { isHttp, type McpProxy, type McpUpstream, startMcpProxy } from './mcp-proxy.js';
import { OutputTails } from './output-tails.js';
import { notRunReceipt, receiptBase } from './receipt-body.js';
import { createRunHome } from './run-home.js';
import { installSkills, preloadTaskSkill, skillFolders } from './skills.js';
import { trialStatus } from './status.js';
import {
  agentServers,
  copyOnWriteOwner,
  gradingPlace,
  type SandboxKind,
  sandboxVersionFor,
  sandboxVersionOf,
  serverSandbox,
  type TrialSandbox,
  trialSandbox,
} from './trial-sandbox.js';
import { removeTrialTree, type Snapshot, trialDirectory, trialWorkspace } from './workspace.js';

/** One trial, everything bound: what runTrial derives from a plan, or `crossover trial` from its options. */
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
  /** the arm's MCP servers as the proxy reaches them; the agent is given a relay to each */
  mcpServers: McpUpstream[];
  /** declared credential names, passed from the host environment when set */
  credentials: string[];
  /** of `credentials`, those only the provider gets through the proxy (an `mcp-http` header's): redacted, never in the agent's environment */
  withheldCredentials?: string[];
  /** declared egress hosts: the sandbox then shares the host network (bubblewrap cannot filter hosts) */
  egressHosts: string[];
  /** a test's local servers: share the host network for loopback */
  loopback: boolean;
  /** read-only paths the agent and its provider servers need in their sandboxes beyond what the adapter declares (installs, files, an index) */
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
  /** a provider's in-tree index (`.codegraph`) copied into the fresh workspace; absent: none */
  indexOverlays?: IndexOverlay[];
  /** the arm's provider could not be launched (its index failed to build): the trial is setup-failed */
  providerFailure?: string;
  /** a login directory (absolute) whose login file the agent leases for this trial; absent: API-key auth */
  authHome?: string;
  /** keeps the trial's evidence: called once with it, and the receipt then names its digest; absent: none is built */
  onEvidence?: (evidence: Evidence) => void;
  /** the digest of the setup's produced tree the plan bound; absent: not bound (an ad-hoc trial) */
  setupDigest?: string | null;
}

/** The setup outputs a trial may use: what the plan bound, or drift (the cache was rebuilt with other files). */
function boundSetup(spec: TrialSpec, setup: SetupOutputs | null): SetupOutputs | null {
  if (spec.setupDigest === undefined || setup?.record.digest === spec.setupDigest) return setup;
  throw new CrossoverError(
    'drift',
    `the task's setup produced ${setup?.record.digest ?? 'nothing'}, the plan bound ${spec.setupDigest ?? 'none'}`,
  );
}

/** In-tree index paths kept in an index directory, for one trial's workspace. */
export interface IndexOverlay {
  indexDir: string;
  paths: string[];
}

/**
 * Paths of the workspace that are not the agent's work: a provider's index, and the .git rebuilt
 * for a task that declares history (git rewrites its index on `git status`). Never diffed, counted or flagged.
 */
function overlaidPaths(spec: TrialSpec): (path: string) => boolean {
  const history = spec.task.task.repository?.history ? ['.git'] : [];
  return underAny([...(spec.indexOverlays ?? []).flatMap((overlay) => overlay.paths), ...history]);
}

/** Receipt text never carries this machine's paths: the trial and root directories are replaced by names. */
function scrub(text: string, spec: TrialSpec, trialDir: string): string {
  // The trial directory lies below the root: the longer path first, each only at path boundaries.
  const places: [string, string][] = [
    [trialDir, '<trial>'],
    [spec.root, '<root>'],
    [spec.task.dir, '<task>'],
  ];
  const clean = places.reduce((out, [path, name]) => replacePath(out, path, name), text);
  return clean.length > MESSAGE_LIMIT ? `${clean.slice(0, MESSAGE_LIMIT - 1)}…` : clean;
}

function redactionInput(spec: TrialSpec, trialDir: string) {
  return { trialDir, root: spec.root, taskDir: spec.task.dir, credentials: spec.credentials, host: process.env };
}

/** Evidence text as the evidence keeps it: no credential, no path of this machine. */
function redactor(spec: TrialSpec, trialDir: string): (text: string) => string {
  const redaction = evidenceRedaction(redactionInput(spec, trialDir));
  return (text) => redactAll(text, redaction);
}

function networkFinding(spec: TrialSpec): Finding | null {
  if (spec.sandbox === 'none' || (spec.egressHosts.length === 0 && !spec.loopback)) return null;
  const declared = [...spec.egressHosts, ...(spec.loopback ? ['loopback'] : [])].join(', ');
  return {
    kind: 'sandbox',
    detail: `network shared with the host for ${declared}: ${spec.sandbox} does not filter hosts, so egress is not limited to them`,
  };
}

/** Providers whose index (CROSSOVER_INDEX_DIR) was not built from this task's snapshot. */
async function staleIndexes(spec: TrialSpec): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const server of spec.mcpServers) {
    const indexDir = isHttp(server) ? undefined : server.env.CROSSOVER_INDEX_DIR;
    if (indexDir !== undefined && !(await indexRevisionMatches(indexDir, spec.task.parts.workspace))) {
      findings.push({
        kind: 'stale-context',
        detail: `the index of MCP server ${server.name} was not built from this task's snapshot`,
      });
    }
  }
  return findings;
}

function sandboxVersion(spec: TrialSpec): Promise<string | null> {
  return sandboxVersionFor(spec.sandbox);
}

/** Where the arm's declared skills were installed below the run home, as `<location>/<name>`. */
function installedSkillFolders(arm: PlannedArm): Set<string> {
  const location = SKILL_HOMES[arm.agent.spec.adapter];
  return new Set((arm.skills?.installed ?? []).map((skill) => `${location}/${skill.name}`));
}

/** The skills the agent listed or invoked; null when it shows neither. */
function agentSkills(observation: AgentRunResult['observation']): string[] | null {
  if (observation.skillsAvailable === null && observation.skillsUsed === null) return null;
  return [...(observation.skillsAvailable ?? []), ...(observation.skillsUsed ?? [])];
}

interface Prepared {
  adapter: AgentAdapter;
  sandboxVersion: string | null;
  /** the task's starting tree the workspace was copied from, and its model */
  snapshot: Snapshot;
  workspace: string;
  /** a repository task's setup outputs: read-only over the workspace in the sandbox and at grading */
  setup: SetupOutputs | null;
  context: AgentRunContext;
  proxy: McpProxy;
  /** the tails of what the agent's processes printed, recorded by the exec every adapter gets */
  output: OutputTails;
  stop: () => void;
  /** the trial's sandbox: a container trial's checks and runner run in fresh containers of its image */
  sandbox: TrialSandbox;
}

/** The arm's MCP servers behind Crossover's proxy, each started outside the agent's sandbox. */
function proxyServers(
  spec: TrialSpec,
  trialDir: string,
  workspace: string,
  sandbox: SandboxHost | null,
): Promise<McpProxy> {
  const launch = serverLauncher({
    sandbox,
    workspace,
    home: join(trialDir, 'mcp-home'),
    path: process.env.PATH ?? DEFAULT_PATH,
    shareNetwork: networkFinding(spec) !== null,
    readOnly: spec.readOnly,
    // The trial's own copy of an in-tree index (CodeGraph writes its pid and journal beside its database).
    writable: (spec.indexOverlays ?? []).flatMap((overlay) => overlay.paths.map((path) => join(workspace, path))),
  });
  return startMcpProxy(spec.mcpServers, launch);
}

async function prepare(
  spec: TrialSpec,
  trialDir: string,
  marker: ProcessMarker,
  markerValue: string,
  lease: LoginLease | null,
): Promise<Prepared> {
  if (spec.providerFailure !== undefined)
    throw new CrossoverError('infrastructure', `provider ${spec.arm.provider?.id}: ${spec.providerFailure}`);
  const adapter = adapterFor(spec.arm.agent.spec, { root: spec.root });
  // A synthetic agent runs in-process: it may do without the sandbox, but any command it starts is refused.
  const sandbox = await trialSandbox({ ...spec, environment: spec.task.environment, taskDir: spec.task.dir });
  if (sandbox && 'reason' in sandbox && !adapter.synthetic) throw new CrossoverError('infrastructure', sandbox.reason);
  const sandboxVersion = sandboxVersionOf(sandbox);
  const { snapshot, workspace } = await trialWorkspace(spec.root, spec.task, trialDir, copyOnWriteOwner(sandbox));
  for (const overlay of spec.indexOverlays ?? []) await overlayInTree(overlay.indexDir, overlay.paths, workspace);
  const container = gradingPlace(sandbox);
  const setup = boundSetup(spec, await ensureSetup(spec.root, spec.task, { container }));
  // Where the proxy starts the arm's real servers: under a bubblewrap of their own when there is one.
  const host = serverSandbox(sandbox, spec.mcpServers.length);
  const proxy = await proxyServers(spec, trialDir, workspace, host);
  try {
    return await prepareAgent({
      spec,
      trialDir,
      marker,
      markerValue,
      adapter,
      sandbox,
      sandboxVersion,
      snapshot,
      workspace,
      setup,
      proxy,
      lease,
    });
  } catch (error) {
    await proxy.close();
    throw error;
  }
}

async function prepareAgent(
  input: Omit<Prepared, 'context' | 'stop' | 'output'> & {
    spec: TrialSpec;
    trialDir: string;
    marker: ProcessMarker;
    markerValue: string;
    lease: LoginLease | null;
  },
): Promise<Prepared> {
  const { spec, trialDir, marker, markerValue, adapter, sandbox, workspace, setup, proxy } = input;
  const servers = agentServers(proxy.servers, sandbox);
  const { home, tmp } = await createRunHome(trialDir, spec.root, spec.arm, servers);
  await installSkills(home, spec.root, spec.arm, spec.arm.agent.spec.adapter);
  // Before the hand-over, so the copy belongs to the agent's uid like the rest of its home.
  await input.lease?.install(home);
  const prompt = await preloadTaskSkill(spec.prompt, spec.root, spec.arm, spec.expectedSkill);
  if (sandbox && 'identity' in sandbox) await handOver([workspace, home, tmp], sandbox.identity);
  // A treatment whose provider cannot be reached would silently be a second baseline: setup-failed instead.
  if (spec.arm.role === 'treatment') await proxy.check(spec.arm.provider?.tools ?? [], spec.timeoutMs);
  const env = agentEnvironment({
    host: process.env,
    home,
    tmp,
    trialDir,
    credentials: spec.credentials.filter((name) => !spec.withheldCredentials?.includes(name)),
    marker: markerValue,
  });
  const deadline = performance.now() + spec.timeoutMs;
  // The agent's own signal also fires at the deadline: in-process (synthetic) agents stop there too.
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error('the trial timed out')), spec.timeoutMs);
  const layout = {
    writable: [workspace, home, tmp],
    readOnly: [...spec.readOnly, ...agentSandboxNeeds(spec.arm.agent.spec, spec.root).readOnly, ...proxy.readOnly],
    shareNetwork: networkFinding(spec) !== null,
    // Setup outputs are bound, never copied: outside the agent's diff, scan and modified count.
    mounts: (setup?.outputs ?? []).map((output) => ({
      source: join(setup!.dir, output),
      dest: join(workspace, output),
    })),
  };
  const output = new OutputTails();
  const exec = output.recording(
    agentExec({ sandbox, layout, agentDirs: [home, tmp], marker, deadline, signal: spec.signal }),
  );
  const context: AgentRunContext = {
    trialId: spec.trial.id,
    workspace,
    home,
    tmp,
    prompt,
    agent: spec.arm.agent.spec,
    arm: spec.arm,
    mcpServers: servers,
    contextTools: spec.arm.provider?.tools ?? [],
    env,
    signal: AbortSignal.any([spec.signal, timer.signal]),
    sandboxed: spec.sandbox !== 'none',
    exec,
    referenceDir: adapter.synthetic && spec.referenceAllowed ? join(spec.task.dir, 'reference') : null,
  };
  const { sandboxVersion, snapshot } = input;
  const stop = () => clearTimeout(timeout);
  return { adapter, sandboxVersion, snapshot, workspace, setup, context, proxy, output, stop, sandbox };
}

async function runAgent(prepared: Prepared, spec: TrialSpec, trialDir: string): Promise<AgentRunResult> {
  try {
    return await prepared.adapter.run(prepared.context);
  } catch (error) {
    const timedOut = prepared.context.signal.aborted && !spec.signal.aborted;
    const reason = scrub((error as Error).message ?? String(error), spec, trialDir);
    return { outcome: timedOut ? 'timeout' : 'agent-error', error: timedOut ? null : reason, observation: UNOBSERVED };
  } finally {
    prepared.stop();
    await prepared.proxy.close();
  }
}

async function grade(
  spec: TrialSpec,
  prepared: Pick<Prepared, 'workspace' | 'setup' | 'sandbox'>,
  trees: { scan: WorkspaceScan; start: TreeModel },
  trialDir: string,
): Promise<GradeResult | Finding> {
  const { workspace, setup } = prepared;
  try {
    const slots = join(spec.root, STATE_DIR, 'grading-slots');
    // Each slot held runs one of the task's checks at once: its node checks are processes of their own.
    return await inGradingSlot(
      slots,
      GRADING_CAPACITY,
      (lanes) =>
        gradeWorkspace({
          task: spec.task,
          workspace,
          ...trees,
          signal: spec.signal,
          setup,
          lanes,
          container: gradingPlace(prepared.sandbox),
          ...(spec.browser ? { browser: spec.browser } : {}),
        }),
      checkLaneCount(spec.task.task),
    );
  } catch (error) {
    return { kind: 'grader', detail: scrub(`grading could not finish: ${(error as Error).message}`, spec, trialDir) };
  }
}

async function removeTrialDir(trialDir: string, spec: TrialSpec): Promise<Finding | null> {
  try {
    await removeTrialTree(trialDir);
    return null;
  } catch (error) {
    return {
      kind: 'cleanup',
      detail: scrub(`the trial directory could not be removed: ${(error as Error).message}`, spec, trialDir),
    };
  }
}

interface AfterAgent {
  modified: string[] | null;
  /** the workspace against its starting tree, for the evidence; null when none is kept or it was not examined */
  diff: EvidenceDiff | null;
  changes: ReceiptBody['changes'] | null;
  graded: GradeResult | null;
  contaminated: boolean;
  stale: boolean;
  findings: Finding[];
}

/** A tree model without the overlaid paths (a provider's in-tree index, a rebuilt .git): not the agent's work. */
function modelWithout(model: TreeModel, overlaid: (path: string) => boolean): TreeModel {
  return {
    files: model.files.filter((entry) => !overlaid(entry.path)),
    emptyDirectories: model.emptyDirectories.filter((path) => !overlaid(path)),
    links: model.links.filter((link) => !overlaid(link.path)),
  };
}

/** The scan without the overlaid paths. */
function withoutOverlaid(scan: WorkspaceScan, overlaid: (path: string) => boolean): WorkspaceScan {
  return {
    ...scan,
    model: modelWithout(scan.model, overlaid),
    refused: scan.refused.filter((entry) => !overlaid(entry.path)),
  };
}

/** One scan of the workspace for the diff, contamination and tampering; then the hidden checks. */
async function afterAgent(
  spec: TrialSpec,
  prepared: Prepared,
  result: AgentRunResult,
  toolCalls: readonly ToolCall[] | null,
  trialDir: string,
): Promise<AfterAgent> {
  const scan = withoutOverlaid(await scanWorkspace(prepared.workspace), overlaidPaths(spec));
  const shippedTree = modelWithout(prepared.snapshot.model, overlaidPaths(spec));
  const shipped = shippedTree.files;
  // The task's own in-tree links are not the agent's doing (tampering compares their targets).
  const shippedLinks = new Set(shippedTree.links.map((link) => link.path));
  const others = [...scan.model.links.map((link) => link.path), ...scan.refused.map((entry) => entry.path)];
  const modified = [
    ...changedPaths(shipped, scan.model.files),
    ...others.filter((path) => !shippedLinks.has(path)),
  ].sort();
  const contamination = detectContamination({
    arm: spec.arm,
    shipped: new Set([...shipped.map((entry) => entry.path), ...shippedLinks]),
    present: [...scan.model.files.map((entry) => entry.path), ...others],
    toolCalls,
    builtinTools: prepared.adapter.builtinTools,
    skillFolders: await skillFolders(prepared.context.home),
    installedSkills: installedSkillFolders(spec.arm),
    agentSkills: agentSkills(result.observation),
    builtinSkills: prepared.adapter.builtinSkills,
  });
  const staleness = await staleIndexes(spec);
  const findings = [...contamination, ...staleness];
  // Before grading: a repository task's hidden tests are copied into the workspace then.
  const diff = spec.onEvidence
    ? await workspaceDiff({
        snapshot: prepared.snapshot.dir,
        shipped: shippedTree,
        workspace: prepared.workspace,
        scan,
        redact: redactor(spec, trialDir),
      })
    : null;
  const changes = await workspaceChanges(prepared.snapshot.dir, prepared.workspace, modified);
  const outcome = await grade(spec, prepared, { scan, start: shippedTree }, trialDir);
  if ('kind' in outcome) findings.push(outcome);
  else findings.push(...outcome.findings);
  return {
    modified,
    diff,
    changes,
    graded: 'kind' in outcome ? null : outcome,
    contaminated: contamination.length > 0,
    stale: staleness.length > 0,
    findings,
  };
}

/**
 * The post-agent phase never throws: whatever the agent left (a tree the scan cannot read, a
 * grader that fails) becomes a finding, so every trial ends with a receipt and its folder removed.
 */
async function guardedAfterAgent(
  spec: TrialSpec,
  prepared: Prepared,
  result: AgentRunResult,
  toolCalls: readonly ToolCall[] | null,
  trialDir: string,
): Promise<AfterAgent> {
  try {
    return await afterAgent(spec, prepared, result, toolCalls, trialDir);
  } catch (error) {
    const detail = scrub(`the workspace could not be examined: ${(error as Error).message}`, spec, trialDir);
    const findings: Finding[] = [{ kind: 'grader', detail }];
    return { modified: null, diff: null, changes: null, graded: null, contaminated: false, stale: false, findings };
  }
}

type AgentPhase =
  | { notRun: ReceiptBody }
  | { prepared: Prepared; result: AgentRunResult; elapsedMs: number; leaseFindings: Finding[] };

/**
 * The budget's deadline, checked when the trial would start (after waiting for its agent slot): a
 * trial that cannot start in time gets a budget-exhausted receipt, so the denominator stays whole;
 * one that starts runs under a signal that also aborts at the deadline (a cancelled receipt). The
 * deadline crosses processes as an epoch instant; it is read against the wall clock once, here, and
 * from then on is a timer, so a step of the clock during the trial neither cuts nor stretches it.
 */
async function startBeforeDeadline(
  spec: TrialSpec,
  trialDir: string,
  base: ReturnType<typeof receiptBase>,
): Promise<{ notRun: ReceiptBody } | StartedPhase> {
  if (spec.deadline === undefined) return withSpec(await agentPhase(spec, trialDir, base), spec, null);
  const left = spec.deadline - Date.now();
  if (left <= 0) {
    const sandbox = { kind: spec.sandbox, version: await sandboxVersion(spec) };
    return {
      notRun: notRunReceipt(base, 'budget-exhausted', sandbox, [
        { kind: 'budget', detail: "the run's deadline (budget.deadlineSec) passed before this trial could start" },
      ]),
    };
  }
  const atDeadline = AbortSignal.timeout(left);
  const bounded = { ...spec, signal: AbortSignal.any([spec.signal, atDeadline]) };
  return withSpec(await agentPhase(bounded, trialDir, base), bounded, atDeadline);
}

/** A trial that started: its agent phase, the spec it ran under, and the signal of the run's deadline if it has one. */
type StartedPhase = Exclude<AgentPhase, { notRun: ReceiptBody }> & { spec: TrialSpec; atDeadline: AbortSignal | null };

function withSpec(phase: AgentPhase, spec: TrialSpec, atDeadline: AbortSignal | null) {
  return 'notRun' in phase ? phase : { ...phase, spec, atDeadline };
}

/** The receipt of a trial whose setup failed (drift when something bound changed); its folder is removed. */
async function setupFailure(
  spec: TrialSpec,
  trialDir: string,
  base: ReturnType<typeof receiptBase>,
  error: unknown,
): Promise<{ notRun: ReceiptBody }> {
  const cleanup = await removeTrialDir(trialDir, spec);
  const drift = error instanceof CrossoverError && error.code === 'drift';
  const detail = scrub(`setup failed: ${errorReason(error)}`, spec, trialDir);
  const sandbox = { kind: spec.sandbox, version: await sandboxVersion(spec) };
  return {
    notRun: notRunReceipt(base, drift ? 'drift' : 'setup-failed', sandbox, [
      { kind: 'sandbox', detail },
      ...(cleanup ? [cleanup] : []),
    ]),
  };
}

/** Fresh workspace and run home, then the agent: what holds one of the agent slots. */
async function preparedRun(
  spec: TrialSpec,
  trialDir: string,
  base: ReturnType<typeof receiptBase>,
  lease: LoginLease | null,
): Promise<AgentPhase> {
  const markerValue = randomBytes(12).toString('hex');
  const marker: ProcessMarker = { variable: `${MARKER_VARIABLE}=${markerValue}`, directory: trialDir };
  let prepared: Prepared;
  try {
    prepared = await prepare(spec, trialDir, marker, markerValue, lease);
  } catch (error) {
    return setupFailure(spec, trialDir, base, error);
  }
  const started = performance.now();
  const result = await runAgent(prepared, spec, trialDir);
  return { prepared, result, elapsedMs: Math.round(performance.now() - started), leaseFindings: [] };
}

/**
 * The agent phase, under the login lease when the trial has one: the login file is in the run home
 * only while the agent runs, and a refused login directory makes the trial setup-failed.
 */
async function agentPhase(
  spec: TrialSpec,
  trialDir: string,
  base: ReturnType<typeof receiptBase>,
): Promise<AgentPhase> {
  if (spec.authHome === undefined) return preparedRun(spec, trialDir, base, null);
  try {
    const leased = await withLoginLease(spec.authHome, spec.arm.agent.spec.adapter, (lease) =>
      preparedRun(spec, trialDir, base, lease),
    );
    return 'notRun' in leased.value ? leased.value : { ...leased.value, leaseFindings: leased.findings };
  } catch (error) {
    return setupFailure(spec, trialDir, base, error);
  }
}

/**
 * One trial (docs/architecture.md, "Trial"): fresh workspace and run home, the agent under the sandbox, contamination,
 * hidden grading, removal. Returns the receipt body; the caller seals and stores it, so a process
 * killed mid-trial leaves no receipt at all.
 */
export async function executeTrial(input: TrialSpec): Promise<ReceiptBody> {
  let spec = input;
  const trialDir = trialDirectory(spec.root, spec.planId, spec.trial.id);
  const base = receiptBase(spec.planId, spec.trial, spec.arm.agent.spec);
  const phase = await (spec.agentSlots
    ? spec.agentSlots.run(() => startBeforeDeadline(spec, trialDir, base))
    : startBeforeDeadline(spec, trialDir, base));
  if ('notRun' in phase) return phase.notRun;
  const { prepared, result, elapsedMs } = phase;
  spec = phase.spec;
  const cancelled = spec.signal.aborted;
  const contextCalls = prepared.proxy.records();
  const calls = observedCalls(spec.arm, result.observation, contextCalls);

  const findings: Finding[] = [];
  const network = networkFinding(spec);
  if (network) findings.push(network);
  if (result.error !== null) findings.push({ kind: 'agent', detail: scrub(result.error, spec, trialDir) });
  findings.push(...phase.leaseFindings);

  const toolCalls = calls.builtin === null ? calls.context : [...calls.builtin, ...(calls.context ?? [])];
  const after: AfterAgent = cancelled
    ? { modified: null, diff: null, changes: null, graded: null, contaminated: false, stale: false, findings: [] }
    : await guardedAfterAgent(spec, prepared, result, toolCalls, trialDir);
  findings.push(...after.findings);
  const { modified, graded, contaminated, stale } = after;
  const cleanup = await removeTrialDir(trialDir, spec);
  if (cleanup) findings.push(cleanup);
  if (spec.signal.aborted && phase.atDeadline?.aborted)
    findings.push({ kind: 'budget', detail: "cancelled at the run's deadline (budget.deadlineSec)" });

  const status = trialStatus({
    cancelled: spec.signal.aborted,
    contaminated,
    staleContext: stale,
    cleanupFailed: cleanup !== null,
    agent: result.outcome,
    grade: graded?.status ?? null,
  });
  const body: ReceiptBody = {
    ...base,
    status,
    sandbox: { kind: spec.sandbox, version: prepared.sandboxVersion },
    checks: graded?.checks ?? [],
    checksRun: graded?.checksRun ?? 0,
    findings,
    diagnostics: trialDiagnostics({
      observation: result.observation,
      calls,
      modified,
      relevantFiles: spec.task.task.relevantFiles ?? null,
      workspace: prepared.workspace,
      elapsedMs,
    }),
    ...(after.changes ? { changes: after.changes } : {}),
    contextCalls: contextCalls.slice(0, CONTEXT_CALL_LIMIT),
    ...(contextCalls.length > CONTEXT_CALL_LIMIT
      ? { contextCallsOmitted: contextCalls.length - CONTEXT_CALL_LIMIT }
      : {}),
  };
  if (!spec.onEvidence) return body;
  const evidence = trialEvidence({
    body,
    prompt: prepared.context.prompt,
    transcript: result.transcript,
    contextCalls,
    diff: after.diff,
    output: prepared.output.tails(),
    durationsMs: graded?.durationsMs,
    redaction: evidenceRedaction(redactionInput(spec, trialDir)),
  });
  spec.onEvidence(evidence);
  return { ...body, evidence: evidenceDigest(evidence) };
}
