import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';

/**
 * Where a container engine's CLI is looked for: Debian's packages at fixed system paths, never a
 * PATH lookup (the reason is bubblewrap's: see TRUSTED_BWRAP_PATHS). Docker first: where both are
 * installed, the one whose daemon answers is used.
 */
export const TRUSTED_ENGINE_PATHS = ['/usr/bin/docker', '/usr/bin/podman'] as const;

export type EngineKind = 'docker' | 'podman';

/** The container engine this process uses: its CLI by absolute path, the engine's version and the CLI's digest. */
export interface ContainerEngine {
  kind: EngineKind;
  path: string;
  /** Docker's daemon version, or Podman's: what a plan binds beside the digest */
  version: string;
  /** sha256 of the CLI's bytes */
  digest: string;
}

/** What one engine command printed and how it ended. */
export interface EngineResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Host variables the engine's CLI itself may need (which daemon, whose storage); nothing else of the host's reaches it. */
const ENGINE_VARIABLES = ['DOCKER_HOST', 'DOCKER_CONFIG', 'CONTAINER_HOST', 'XDG_RUNTIME_DIR'] as const;

/**
 * The environment an engine command runs with: a fixed PATH, the host's engine variables, and the
 * legacy builder for Docker (Debian's Docker has no buildx; its classic builder needs nothing more).
 */
export function engineEnvironment(engine: Pick<ContainerEngine, 'kind'>, host = process.env): Record<string, string> {
  const env: Record<string, string> = { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' };
  for (const name of ENGINE_VARIABLES) if (host[name] !== undefined) env[name] = host[name] as string;
  if (engine.kind === 'docker') env.DOCKER_BUILDKIT = '0';
  return env;
}

/** Runs one engine command to its end, with bounded output; never throws for a non-zero exit. */
export function engineCommand(
  engine: Pick<ContainerEngine, 'kind' | 'path'>,
  args: readonly string[],
  options: { timeoutMs?: number } = {},
): Promise<EngineResult> {
  return new Promise((resolve) => {
    const child = execFile(
      engine.path,
      [...args],
      { env: engineEnvironment(engine), timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr: stderr || (error && code === null ? error.message : '') });
      },
    );
    // An engine command that never reads its stdin may exit before the end is written: EPIPE, not a crash.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end();
  });
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function kindOf(path: string): EngineKind {
  return basename(path).includes('podman') ? 'podman' : 'docker';
}

/** CROSSOVER_CONTAINER_ENGINE (an absolute path the operator chose) when set, else the trusted paths. */
export function engineCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const chosen = env.CROSSOVER_CONTAINER_ENGINE;
  if (chosen === undefined) return [...TRUSTED_ENGINE_PATHS];
  return isAbsolute(chosen) ? [chosen] : [];
}

/** The version the engine answers with: Docker's daemon (so a stopped daemon is found here), Podman's own. */
async function engineVersion(path: string): Promise<string | { reason: string }> {
  const kind = kindOf(path);
  const format = kind === 'docker' ? '{{.Server.Version}}' : '{{.Client.Version}}';
  const result = await engineCommand({ kind, path }, ['version', '--format', format], { timeoutMs: 20_000 });
  const version = result.stdout.trim();
  if (result.code === 0 && version !== '') return version;
  const said = (result.stderr.trim().split('\n').pop() ?? '').slice(0, 300);
  return {
    reason:
      kind === 'docker'
        ? `${path} is installed but the Docker daemon does not answer (${said}): start it (npm run setup as root starts dockerd)`
        : `${path} does not answer (${said})`,
  };
}

async function probe(candidates: readonly string[]): Promise<ContainerEngine | { reason: string }> {
  const reasons: string[] = [];
  for (const path of candidates.filter(isExecutable)) {
    const version = await engineVersion(path);
    if (typeof version !== 'string') {
      reasons.push(version.reason);
      continue;
    }
    const digest = `sha256:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    return { kind: kindOf(path), path, version, digest };
  }
  if (reasons.length > 0) return { reason: reasons.join('; ') };
  return {
    reason: `no container engine at ${candidates.join(' or ') || 'an absolute CROSSOVER_CONTAINER_ENGINE'}: install Docker (npm run setup as root, or apt-get install docker.io) or Podman (apt-get install podman)`,
  };
}

const resolved = new Map<string, Promise<ContainerEngine | { reason: string }>>();

/**
 * The one place that finds the container engine (plans bind it, trials and checks run it).
 * A found engine is kept for the process; a missing one is looked for again next time (the daemon
 * may have been started since).
 */
export async function resolveContainerEngine(
  env: NodeJS.ProcessEnv = process.env,
): Promise<ContainerEngine | { reason: string }> {
  const candidates = engineCandidates(env);
  const key = candidates.join('\0');
  const found = resolved.get(key) ?? probe(candidates);
  resolved.set(key, found);
  const engine = await found;
  if ('reason' in engine) resolved.delete(key);
  return engine;
}
