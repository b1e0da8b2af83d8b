import { join } from 'node:path';

/** Host variables an agent may inherit: enough to find programs and print text, nothing personal. */
export const ENV_ALLOWLIST = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TERM', 'TZ', 'NO_COLOR', 'FORCE_COLOR'] as const;

export const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';

/** The variable every process of one agent run inherits; the sweep finds leftovers by it. */
export const MARKER_VARIABLE = 'CROSSOVER_TRIAL_RUN';

export interface EnvironmentInput {
  host: NodeJS.ProcessEnv;
  home: string;
  tmp: string;
  /** the trial directory: git must not look above it for a repository */
  trialDir: string;
  /** declared credential names; a name the host does not set is simply absent */
  credentials: readonly string[];
  /** unique per run */
  marker: string;
}

/**
 * The agent's whole environment: it starts empty, gets the allowlist and the declared credentials
 * from the host, and a fresh HOME, config, cache and TMPDIR below the run home.
 */
export function agentEnvironment(input: EnvironmentInput): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...ENV_ALLOWLIST, ...input.credentials]) {
    const value = input.host[name];
    if (value !== undefined) env[name] = value;
  }
  env.PATH ??= DEFAULT_PATH;
  return {
    ...env,
    HOME: input.home,
    XDG_CONFIG_HOME: join(input.home, '.config'),
    XDG_CACHE_HOME: join(input.home, '.cache'),
    XDG_DATA_HOME: join(input.home, '.local/share'),
    XDG_STATE_HOME: join(input.home, '.local/state'),
    TMPDIR: input.tmp,
    GIT_CEILING_DIRECTORIES: input.trialDir,
    [MARKER_VARIABLE]: input.marker,
  };
}
