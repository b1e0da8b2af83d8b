import type { Plan } from '../contracts/plan.js';
import { resolveBubblewrap, TRUSTED_BWRAP_PATHS } from '../io/bubblewrap.js';

type Environment = Plan['environment'];
type SandboxKind = Environment['sandbox']['kind'];

/** The machine the plan binds: Node version, OS, architecture and the sandbox with its version and digest. */
export async function probeEnvironment(
  sandbox: SandboxKind,
  env: NodeJS.ProcessEnv,
): Promise<{ environment: Environment; blocked: string[] }> {
  const bwrap = sandbox === 'bubblewrap' ? await resolveBubblewrap(env) : null;
  const blocked =
    sandbox === 'bubblewrap' && bwrap === null
      ? [
          `sandbox bubblewrap not available: no runnable bwrap at ${env.CROSSOVER_BWRAP ?? TRUSTED_BWRAP_PATHS.join(' or ')} (install bubblewrap, e.g. apt-get install bubblewrap)`,
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
