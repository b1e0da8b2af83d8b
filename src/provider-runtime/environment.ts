import type { Provider } from '../contracts/provider.js';
import { declaredEnv } from './launch.js';

/** What a process needs to run at all; everything else in the caller's environment stays out. */
const BASE_VARIABLES = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR'];

/**
 * The environment a provider's processes get: the base variables plus the credentials it declares,
 * then its literal env (placeholders substituted), then `extra` (a fresh HOME, the index and setup dirs).
 * Undeclared secrets of the caller never reach a provider.
 */
export function providerEnvironment(
  provider: Provider,
  env: NodeJS.ProcessEnv,
  extra: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...BASE_VARIABLES, ...provider.credentials]) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  const places = {
    indexDir: extra.CROSSOVER_INDEX_DIR,
    workspace: extra.CROSSOVER_WORKSPACE,
    setupDir: extra.CROSSOVER_SETUP_DIR,
  };
  return { ...out, ...declaredEnv(provider, places), ...extra };
}

/** Each declared credential by name and whether it is set; never its value. */
export function credentialAvailability(
  provider: Provider,
  env: NodeJS.ProcessEnv,
): { name: string; available: boolean }[] {
  return provider.credentials.map((name) => ({ name, available: (env[name] ?? '') !== '' }));
}

/** Values of the declared credentials that are set, for redaction. */
export function credentialValues(provider: Provider, env: NodeJS.ProcessEnv): string[] {
  return provider.credentials.map((name) => env[name] ?? '').filter((value) => value !== '');
}

/**
 * An `mcp-http` provider's request headers with their "${NAME}" credentials filled in from `env`,
 * and the values filled in (to redact); or the first credential that is not set (or not declared),
 * by name. Only the probe's client and the trial's MCP proxy send these: no agent is given them.
 */
export function providerHeaders(
  provider: Provider,
  env: NodeJS.ProcessEnv,
): { headers: Record<string, string>; secrets: string[] } | { missing: string } {
  const iface = provider.interface;
  const headers: Record<string, string> = {};
  const secrets = new Set<string>();
  if (iface.type !== 'mcp-http') return { headers, secrets: [] };
  for (const [name, value] of Object.entries(iface.headers)) {
    let missing: string | null = null;
    headers[name] = value.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (_, credential: string) => {
      const set = provider.credentials.includes(credential) ? env[credential] : undefined;
      if (set === undefined || set === '') missing ??= credential;
      else secrets.add(set);
      return set ?? '';
    });
    if (missing !== null) return { missing };
  }
  return { headers, secrets: [...secrets] };
}
