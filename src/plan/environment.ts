import type { Plan } from '../contracts/plan.js';
import type { LoadedTask } from '../corpus/load.js';
import { BrowserSession, chromiumPath, isExecutable } from '../grading/browser-session.js';
import { resolveBubblewrap, TRUSTED_BWRAP_PATHS } from '../io/bubblewrap.js';
import { resolveContainerEngine } from '../io/container-engine.js';

type Environment = Plan['environment'];

/** How to install a missing system package: the README's set-up script (scripts/setup-system.sh), or apt. */
function setupCommand(pkg: string): string {
  return `npm run setup as root, or apt-get install ${pkg}`;
}
type SandboxKind = Environment['sandbox']['kind'];

/** The container engine a plan binds: its name and version, and its CLI's digest; or why there is none. */
async function containerSandbox(env: NodeJS.ProcessEnv): Promise<{ environment: Environment; blocked: string[] }> {
  const engine = await resolveContainerEngine(env);
  const found = 'reason' in engine ? null : engine;
  return {
    environment: {
      node: process.version,
      os: process.platform,
      arch: process.arch,
      sandbox: {
        kind: 'container',
        version: found ? `${found.kind} ${found.version}` : null,
        digest: found?.digest ?? null,
      },
    },
    blocked: 'reason' in engine ? [`sandbox container not available: ${engine.reason}`] : [],
  };
}

/** The machine the plan binds: Node version, OS, architecture and the sandbox with its version and digest. */
export async function probeEnvironment(
  sandbox: SandboxKind,
  env: NodeJS.ProcessEnv,
): Promise<{ environment: Environment; blocked: string[] }> {
  if (sandbox === 'container') return containerSandbox(env);
  const bwrap = sandbox === 'bubblewrap' ? await resolveBubblewrap(env) : null;
  const blocked =
    sandbox === 'bubblewrap' && bwrap === null
      ? [
          `sandbox bubblewrap not available: no runnable bwrap at ${env.CROSSOVER_BWRAP ?? TRUSTED_BWRAP_PATHS.join(' or ')} (install it: ${setupCommand('bubblewrap')})`,
        ]
      : [];
  return {
    environment: {
      node: process.version,
      os: process.platform,
      arch: process.arch,
      sandbox: { kind: sandbox, version: bwrap?.version ?? null, digest: bwrap?.digest ?? null },
    },
    blocked,
  };
}

const CHROMIUM_INSTALL = setupCommand('chromium-headless-shell');

/** The tasks of the slice with a browser check: they need a Chromium that starts. */
function browserTasks(tasks: readonly LoadedTask[]): string[] {
  return tasks
    .filter((t) =>
      [...(t.task.checks?.required ?? []), ...(t.task.checks?.regressions ?? [])].some((c) => c.runner === 'browser'),
    )
    .map((t) => t.task.id);
}

function chromiumBlocker(taskIds: readonly string[], reason: string): string {
  const named =
    taskIds.length > 3 ? `${taskIds.slice(0, 3).join(', ')} and ${taskIds.length - 3} more` : taskIds.join(', ');
  return `Chromium, which the browser checks of ${named} need, is unavailable: ${reason} (install it: ${CHROMIUM_INSTALL}, or set CROSSOVER_CHROMIUM)`;
}

/**
 * Planning only looks for the executable (it runs often: every drift check re-plans); whether it
 * starts is tried once before a run (`browserStartBlocker`). Null when no task needs a browser.
 */
export function browserBlocker(tasks: readonly LoadedTask[], env: NodeJS.ProcessEnv): string | null {
  const ids = browserTasks(tasks);
  if (ids.length === 0) return null;
  const path = chromiumPath(env);
  return isExecutable(path) ? null : chromiumBlocker(ids, `no executable at ${path}`);
}

/**
 * Launches Chromium once, before any trial, when a task of the slice has a browser check: a
 * Chromium that cannot start would turn every browser trial into a check-error receipt.
 */
export async function browserStartBlocker(
  tasks: readonly LoadedTask[],
  env: NodeJS.ProcessEnv,
): Promise<string | null> {
  const ids = browserTasks(tasks);
  if (ids.length === 0) return null;
  const session = new BrowserSession({ executablePath: chromiumPath(env) });
  try {
    const result = await session.browser();
    return 'reason' in result ? chromiumBlocker(ids, result.reason) : null;
  } finally {
    await session.close();
  }
}
