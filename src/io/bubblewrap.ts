import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { promisify } from 'node:util';

/**
 * Where bubblewrap is looked for: fixed system paths, never a PATH lookup. A trial's agent (or any
 * process that can write an early PATH directory such as /usr/local/bin) must not be able to plant
 * a `bwrap` that the next trial then runs as the harness's user.
 */
export const TRUSTED_BWRAP_PATHS = ['/usr/bin/bwrap', '/bin/bwrap'] as const;

/** The bubblewrap this process uses: resolved once, by absolute path, with its version and digest. */
export interface Bubblewrap {
  path: string;
  /** "bubblewrap 0.8.0" → "0.8.0" */
  version: string;
  /** sha256 of the executable's bytes: what a plan binds, so a replaced binary is drift */
  digest: string;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The candidates for this process: CROSSOVER_BWRAP when set (an absolute path the operator chose,
 * for a bubblewrap outside the system paths or, in tests, none at all), else the trusted paths.
 */
export function bubblewrapCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const chosen = env.CROSSOVER_BWRAP;
  if (chosen === undefined) return [...TRUSTED_BWRAP_PATHS];
  return isAbsolute(chosen) ? [chosen] : [];
}

async function probe(candidates: readonly string[]): Promise<Bubblewrap | null> {
  const path = candidates.find(isExecutable);
  if (path === undefined) return null;
  const stdout = await promisify(execFile)(path, ['--version'], { env: {}, timeout: 10_000 }).then(
    (result) => result.stdout,
    () => '',
  );
  const version = /(\d+\.\d+(?:\.\d+)?)/.exec(stdout)?.[1];
  if (version === undefined) return null;
  const digest = `sha256:${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
  return { path, version, digest };
}

const resolved = new Map<string, Promise<Bubblewrap | null>>();

/**
 * The one place that finds bubblewrap and reads its version (plans bind it, trials and the node
 * check run it, receipts record it). Resolved once per candidate list; null when none runs.
 */
export function resolveBubblewrap(env: NodeJS.ProcessEnv = process.env): Promise<Bubblewrap | null> {
  const candidates = bubblewrapCandidates(env);
  const key = candidates.join('\0');
  let found = resolved.get(key);
  if (found === undefined) {
    found = probe(candidates);
    resolved.set(key, found);
  }
  return found;
}
