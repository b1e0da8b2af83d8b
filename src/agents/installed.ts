import { realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { CrossoverError } from '../contracts/errors.js';
import { agentPrefix, currentDigest, readInstalledAgent } from '../io/agent-install.js';
import { isLoopbackHost } from '../provider-runtime/egress.js';
import type { BoundAgent, SandboxNeeds } from './definition.js';

/** A declaration of an agent CLI installed pinned by `crossover agents install`. */
interface InstalledSpec {
  adapter: string;
  version: string;
  baseUrl?: string | undefined;
}

/**
 * What a plan binds of an installed agent: the digest of its executable as it is now, so a changed
 * executable drifts from a registered plan; one not installed, or that no longer matches its
 * install record, blocks the plan.
 */
export async function bindInstalled(spec: InstalledSpec, root: string): Promise<BoundAgent> {
  const installed = await readInstalledAgent(root, spec.adapter, spec.version);
  if (installed === null) {
    return {
      executableDigest: null,
      blocked: [`agent executable not installed: run crossover agents install ${spec.adapter}@${spec.version}`],
    };
  }
  const digest = await currentDigest(root, installed).catch(() => null);
  if (digest !== installed.digest) {
    return {
      executableDigest: digest,
      blocked: [
        `agent executable ${spec.adapter}@${spec.version} changed since it was installed (${installed.digest} → ${digest ?? 'missing'}): reinstall it with crossover agents install ${spec.adapter}@${spec.version}`,
      ],
    };
  }
  return { executableDigest: digest, blocked: [] };
}

/** True when the agent's model API is a server on this machine (a local mock). */
function usesLoopbackModel(spec: InstalledSpec): boolean {
  return spec.baseUrl !== undefined && isLoopbackHost(new URL(spec.baseUrl).host);
}

/** An installed agent sees its pinned install prefix, read-only, and its model API when that is on loopback. */
export function installedSandboxNeeds(spec: InstalledSpec, root: string): SandboxNeeds {
  return { loopback: usesLoopbackModel(spec), readOnly: [agentPrefix(root, spec.adapter, spec.version)] };
}

/** The project root an installed agent's pinned install lives under, which starting one needs. */
export function installRoot(adapter: string, root: string | undefined): string {
  if (root === undefined)
    throw new CrossoverError(
      'refused',
      `agent: $.adapter: the ${adapter} adapter needs the project root its pinned install lives under`,
    );
  return root;
}

/** The launcher of an install, relative to its prefix: the npm bin link of `bin`. */
export function launcherPath(bin: string): string {
  return join('node_modules', '.bin', bin);
}

/** The real executable behind an npm bin link: the file the link points to. */
export function linkedExecutable(bin: string): (prefix: string) => Promise<string> {
  return (prefix) => realpath(join(prefix, launcherPath(bin)));
}
