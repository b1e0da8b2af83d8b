import type { Plan } from '../contracts/plan.js';

type Environment = Plan['environment'];
type SandboxKind = Environment['sandbox']['kind'];

/** `bwrap --version` prints "bubblewrap 0.8.0"; null when bwrap cannot be run. */
async function bubblewrapVersion(env: NodeJS.ProcessEnv): Promise<string | null> {
  // Loaded on use: a plan without the sandbox need not pay for importing execa.
  const { execa } = await import('execa');
  const result = await execa('bwrap', ['--version'], { env, extendEnv: false, reject: false, timeout: 10_000 });
  if (result.exitCode !== 0) return null;
  return /(\d+\.\d+(?:\.\d+)?)/.exec(String(result.stdout))?.[1] ?? null;
}

/** The machine the plan binds: Node version, OS, architecture and the sandbox with its version. */
export async function probeEnvironment(
  sandbox: SandboxKind,
  env: NodeJS.ProcessEnv,
): Promise<{ environment: Environment; blocked: string[] }> {
  const version = sandbox === 'bubblewrap' ? await bubblewrapVersion(env) : null;
  const blocked =
    sandbox === 'bubblewrap' && version === null
      ? [
          'sandbox bubblewrap not available: `bwrap --version` failed (install bubblewrap, e.g. apt-get install bubblewrap)',
        ]
      : [];
  return {
    environment: {
      node: process.version,
      os: process.platform,
      arch: process.arch,
      sandbox: { kind: sandbox, version },
    },
    blocked,
  };
}
