import { CrossoverError } from '../contracts/errors.js';

/** A hung registry must not hold an install (and the trials waiting on it) forever; optave's native build takes minutes. */
export const NPM_INSTALL_TIMEOUT_MS = 30 * 60_000;

/**
 * `npm install <spec>` into its own `prefix`, exact and without touching any package.json: the one
 * way Crossover installs an agent CLI or a provider package. Throws naming the spec and npm's tail.
 */
export async function npmInstallInto(
  prefix: string,
  spec: string,
  timeoutMs: number = NPM_INSTALL_TIMEOUT_MS,
): Promise<void> {
  // Loaded on use: planning and every trial reach the modules that import this, only an install runs npm.
  const { execa } = await import('execa');
  const npm = await execa('npm', ['install', '--prefix', prefix, '--no-save', '-E', '--no-audit', '--no-fund', spec], {
    reject: false,
    all: true,
    timeout: timeoutMs,
    forceKillAfterDelay: 5000,
  });
  if (npm.timedOut) {
    throw new CrossoverError(
      'infrastructure',
      `npm install ${spec} into ${prefix} timed out after ${timeoutMs} ms (a registry that stopped answering?)`,
    );
  }
  if (npm.exitCode !== 0) {
    throw new CrossoverError(
      'infrastructure',
      `npm install ${spec} into ${prefix} failed (exit ${npm.exitCode}): ${String(npm.all ?? '').slice(-400)}`,
    );
  }
}
