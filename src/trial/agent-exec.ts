import type { ExecOptions } from '../agents/adapter.js';
import { CrossoverError } from '../contracts/errors.js';
import { withoutInheritedFds } from '../io/close-fds.js';
import { type ContainedResult, type ContainedRun, runContained } from '../io/contained-process.js';
import { agentLimits } from '../io/container.js';
import { type ContainerHost, containerName, TRIAL_LABEL } from '../io/container-host.js';
import { runInContainer } from '../io/container-run.js';
import { sessionGroup } from '../io/grading-group.js';
import type { ProcessMarker } from '../io/process-tree.js';
import { bubblewrapArgv, handOver, type SandboxHost, type SandboxLayout } from '../io/sandbox.js';

export interface AgentExecSettings {
  /** the sandbox to run in; null only when `none` was asked for explicitly; a reason refuses every command */
  sandbox: SandboxHost | ContainerHost | { reason: string } | null;
  layout: SandboxLayout;
  /**
   * The run home and tmp: an adapter writes its config there (Codex makes CODEX_HOME) after the trial
   * handed them to the agent's uid, so they are handed over again before each command.
   */
  agentDirs: readonly string[];
  marker: ProcessMarker;
  /**
   * One deadline for the whole agent run, however many commands it starts: a `performance.now()`
   * instant, because the wall clock may step (this machine's is adjusted while it runs) and a step
   * forward would take the agent's time away at once.
   */
  deadline: number;
  /** aborts when the agent's time is up (agent-clock.ts): its command then ends as timed out */
  timeUp?: AbortSignal;
  signal: AbortSignal;
}

/**
 * One agent command in a fresh container of the trial's image, labelled with the trial's marker,
 * weighed on the CPU as one host session, as an agent in bubblewrap is (`sessionGroup`).
 */
async function inContainer(
  host: ContainerHost,
  settings: AgentExecSettings,
  argv: string[],
  options: ExecOptions,
  run: ContainedRun,
): Promise<ContainedResult> {
  const trial = settings.marker.variable.slice(settings.marker.variable.indexOf('=') + 1);
  const command = {
    name: containerName(trial),
    labels: { [TRIAL_LABEL]: trial },
    layout: settings.layout,
    cwd: options.cwd,
    argv,
    identity: host.identity,
    limits: { ...agentLimits(), cpuGroup: await sessionGroup(host.engine) },
    // The image's PATH, not the host's: the task's toolchain first, Crossover's node last.
    passed: Object.keys(options.env).filter((name) => name !== 'PATH'),
    set: { PATH: host.path },
  };
  const io = { env: options.env, ...(options.stdin === undefined ? {} : { stdin: options.stdin }) };
  return runInContainer(host, command, io, run);
}

/**
 * The `exec` every adapter gets: runs one command under the trial's sandbox (bubblewrap, or a fresh
 * container of the task's image; bare when `none` was asked for explicitly), with nothing inherited
 * but stdio, what is left of the trial's time, bounded output and a kill of its whole process tree
 * (and the removal of its container) at the end.
 */
export function agentExec(
  settings: AgentExecSettings,
): (argv: string[], options: ExecOptions) => Promise<ContainedResult> {
  return async (argv, options) => {
    const [file, ...args] = argv;
    if (file === undefined) throw new TypeError('exec: empty argv');
    const { sandbox } = settings;
    if (sandbox && 'reason' in sandbox) throw new CrossoverError('infrastructure', sandbox.reason);
    if (sandbox) await handOver(settings.agentDirs, sandbox.identity);
    const run = {
      timeoutMs: Math.max(0, settings.deadline - performance.now()),
      ...(settings.timeUp ? { timeUp: settings.timeUp } : {}),
      signal: settings.signal,
      marker: settings.marker,
    };
    if (sandbox && 'engine' in sandbox) return inContainer(sandbox, settings, argv, options, run);
    const command = sandbox
      ? withoutInheritedFds(sandbox.bwrap.path, bubblewrapArgv(settings.layout, options.cwd, argv, sandbox.identity))
      : withoutInheritedFds(file, args);
    return runContained(
      {
        ...command,
        cwd: options.cwd,
        env: options.env,
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
      },
      run,
    );
  };
}
