import { CrossoverError } from '../contracts/errors.js';
import type { PlannedArm } from '../contracts/plan.js';
import type { Provider } from '../contracts/provider.js';
import type { LoadedTask } from '../corpus/load.js';
import { providerPrefix } from '../io/provider-install.js';
import { requireSandbox } from '../io/sandbox.js';
import { providerHeaders } from '../provider-runtime/environment.js';
import { declaredEnv, launchCommand } from '../provider-runtime/launch.js';
import { findProviderSetup } from '../provider-runtime/provider-setup.js';
import type { McpUpstream } from './mcp-proxy.js';
import { ensureTaskIndex } from './task-index.js';
import type { SandboxKind } from './trial-sandbox.js';

/** In-tree index paths kept in an index directory, for one trial's workspace. */
export interface IndexOverlay {
  indexDir: string;
  paths: string[];
}

/** What one trial of an arm needs to reach its provider. */
export interface ProviderLaunch {
  mcpServers: McpUpstream[];
  /** credentials only the provider gets, through the proxy: never in the agent's environment */
  withheld: string[];
  /** the provider's pinned install, its index and its setup directory: read-only inside the sandbox */
  readOnly: string[];
  /** in-tree index paths copied into the fresh workspace */
  overlays: IndexOverlay[];
}

/** What of the run a launch reads: where the installs are, the declarations, the experiment's directory, the sandbox. */
export interface LaunchContext {
  root: string;
  /** the experiment's provider declarations */
  providers: readonly Provider[];
  /** the directory the declarations' relative paths (commands, files) are relative to */
  experimentDir: string;
  sandbox: SandboxKind;
}

/** Reaches the arm's provider for one trial, given the workspace the trial created; throws when it cannot. */
export type ProviderLauncher = (workspace: string) => Promise<ProviderLaunch>;

const NONE: ProviderLaunch = { mcpServers: [], withheld: [], readOnly: [], overlays: [] };

/** The launcher of an arm without a provider. */
export const NO_PROVIDER: ProviderLauncher = async () => NONE;

/** The launcher of a planned arm's provider for one task: `providerLaunch` once the workspace exists. */
export function plannedLauncher(arm: PlannedArm, context: LaunchContext, task: LoadedTask): ProviderLauncher {
  return (workspace) => providerLaunch(arm, context, task, workspace);
}

/** What the declared one-time setup left, as the probe ran it; null when none is declared. Never run here. */
async function setupOf(declaration: Provider, context: LaunchContext) {
  if (!declaration.setup) return null;
  const found = await findProviderSetup(declaration, { root: context.root, baseDir: context.experimentDir }).catch(
    (error: unknown) => {
      throw new CrossoverError('infrastructure', `setup: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    },
  );
  if (found === null)
    throw new CrossoverError(
      'infrastructure',
      'setup: the one-time setup has not run on this machine for this install and declaration; run crossover probe',
    );
  return found;
}

/** The index of this task for this declaration (and setup), or null when the provider builds none. */
async function indexOf(
  arm: PlannedArm,
  declaration: Provider,
  context: LaunchContext,
  task: LoadedTask,
  setup: { dir: string; digest: string } | null,
) {
  if (!declaration.index) return null;
  const planned = arm.provider!;
  const identity = { configDigest: planned.configDigest, files: planned.files, install: planned.install };
  return ensureTaskIndex({
    root: context.root,
    provider: declaration,
    // An index built from another setup's output is another index.
    identity: setup === null ? identity : { ...identity, setup: setup.digest },
    baseDir: context.experimentDir,
    task,
    // The index command runs in bubblewrap, as the probe ran it (a provider's, not the task's: also under container).
    sandbox: context.sandbox === 'none' ? null : await requireSandbox(),
    ...(setup === null ? {} : { setupDir: setup.dir }),
  });
}

/**
 * The arm's MCP server as its agent starts it in one trial: an installed binary from its pinned
 * prefix, the declaration's literal env, `${CROSSOVER_INDEX_DIR}`, `${CROSSOVER_WORKSPACE}` and
 * `${CROSSOVER_SETUP_DIR}` set, this task's own index (served from the index directory, or
 * overlaid into the workspace) and the one-time setup's directory, read-only.
 */
export async function providerLaunch(
  arm: PlannedArm,
  context: LaunchContext,
  task: LoadedTask,
  workspace: string,
): Promise<ProviderLaunch> {
  const planned = arm.provider;
  const declaration = context.providers.find((p) => p.id === planned?.id);
  if (planned?.interface === 'mcp-http' && declaration?.interface.type === 'mcp-http')
    return httpLaunch(declaration, declaration.interface.url);
  if (planned?.interface !== 'mcp-stdio' || declaration?.interface.type !== 'mcp-stdio') return NONE;
  const setup = await setupOf(declaration, context);
  const indexDir = await indexOf(arm, declaration, context, task, setup);
  const places = {
    workspace,
    ...(indexDir === null ? {} : { indexDir }),
    ...(setup === null ? {} : { setupDir: setup.dir }),
  };
  const { command, args } = await launchCommand(
    declaration,
    declaration.interface,
    { root: context.root, baseDir: context.experimentDir },
    places,
    `provider ${declaration.id}: $.interface`,
  );
  const env = {
    ...declaredEnv(declaration, places),
    ...(indexDir === null ? {} : { CROSSOVER_INDEX_DIR: indexDir }),
    ...(setup === null ? {} : { CROSSOVER_SETUP_DIR: setup.dir }),
  };
  const readOnly = [
    ...(declaration.install ? [providerPrefix(context.root, declaration.install)] : []),
    ...(indexDir === null ? [] : [indexDir]),
    ...(setup === null ? [] : [setup.dir]),
  ];
  const inTree = declaration.index?.inTree ?? [];
  const overlays = indexDir !== null && inTree.length > 0 ? [{ indexDir, paths: inTree }] : [];
  return { mcpServers: [{ name: planned.id, command, args, env }], withheld: [], readOnly, overlays };
}

/**
 * An `mcp-http` provider as the proxy reaches it: its headers with the host's credentials filled
 * in. The agent starts the same relay as for any server and is given neither the headers nor the
 * credentials; one not set fails the launch naming it.
 */
function httpLaunch(declaration: Provider, url: string): ProviderLaunch {
  const filled = providerHeaders(declaration, process.env);
  if ('missing' in filled)
    throw new CrossoverError(
      'infrastructure',
      `credential ${filled.missing} is not set: the provider cannot be reached`,
    );
  const server = { name: declaration.id, url, headers: filled.headers, secrets: filled.secrets };
  return { mcpServers: [server], withheld: declaration.credentials, readOnly: [], overlays: [] };
}
