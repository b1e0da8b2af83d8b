import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AgentInstall } from '../../agents/definition.js';
import { installAgent } from '../../agents/install.js';
import { launcherPath } from '../../agents/installed.js';
import { loginCommands, refuseOwnAgentHome } from '../../agents/login.js';
import { agentDefinitions } from '../../agents/registry.js';
import { CrossoverError } from '../../contracts/errors.js';
import { agentPrefix, readInstalledAgent } from '../../io/agent-install.js';
import type { CliIo, Command } from '../command.js';

/** The adapters Crossover installs pinned, each with its install facts. */
function installable(): Map<string, AgentInstall> {
  return new Map(agentDefinitions().flatMap(({ name, install }) => (install ? [[name, install] as const] : [])));
}

const TARGETS = `<${[...installable().keys()].join('|')}>`;

/** `claude-code@2.1.332` → its adapter, exact version and install facts. */
function parseTarget(target: string | undefined): { adapter: string; version: string; install: AgentInstall } {
  const match = /^([a-z-]+)@(\d+\.\d+\.\d+)$/.exec(target ?? '');
  const install = installable().get(match?.[1] ?? '');
  if (!match || install === undefined) {
    throw new CrossoverError(
      'invalid-input',
      `expected ${TARGETS}@<exact version>, e.g. claude-code@2.1.332, got "${target ?? ''}"`,
    );
  }
  return { adapter: match[1] as string, version: match[2] as string, install };
}

/**
 * Prints (never runs: signing in is the user's, in a browser) the commands that make a login
 * directory for a lease with the pinned launcher; the user's own agent home is refused.
 */
async function printLoginCommands(
  io: CliIo,
  target: string | undefined,
  authHome: string | undefined,
): Promise<number> {
  const { adapter, version, install } = parseTarget(target);
  if (authHome === undefined)
    throw new CrossoverError(
      'invalid-input',
      '--auth-home: expected the login directory to create, e.g. ~/.crossover-logins/claude',
    );
  const dir = resolve(io.cwd, authHome);
  await refuseOwnAgentHome(dir, adapter, process.env, `--auth-home ${authHome}`);
  const prefix = agentPrefix(io.cwd, adapter, version);
  const installed = await readInstalledAgent(io.cwd, adapter, version);
  const launcher = resolve(prefix, installed?.launcher ?? launcherPath(install.bin));
  const commands = [
    ...(installed === null ? [`npx crossover agents install ${adapter}@${version}`] : []),
    ...loginCommands(adapter, launcher, dir),
  ];
  io.out(`${commands.join('\n')}\n`);
  return 0;
}

export const agentsCommand: Command = {
  usage: `agents install ${TARGETS}@<version> [--json] | agents login ${TARGETS}@<version> --auth-home <dir>`,
  async run(argv, io) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, 'auth-home': { type: 'string' } },
    });
    const [action, target] = positionals;
    if (action === 'login') return printLoginCommands(io, target, values['auth-home']);
    if (action !== 'install')
      throw new CrossoverError(
        'invalid-input',
        `expected "agents install ${TARGETS}@<version>" or "agents login ${TARGETS}@<version> --auth-home <dir>", got "agents ${action ?? ''}"`,
      );
    const { adapter, version, install } = parseTarget(target);
    const { installed, fresh } = await installAgent({ root: io.cwd, adapter, version, install });
    if (values.json) io.out(`${JSON.stringify(installed, null, 2)}\n`);
    else
      io.out(
        `${fresh ? 'installed' : 'already installed'} ${adapter}@${version} in ${agentPrefix(io.cwd, adapter, version)}\n  executable ${installed.executable}\n  digest ${installed.digest}\n`,
      );
    return 0;
  },
};
