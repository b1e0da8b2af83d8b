import { parseArgs } from 'node:util';
import { installAgent } from '../../agents/install.js';
import { InstallableAdapterSchema } from '../../contracts/agent.js';
import { CrossoverError } from '../../contracts/errors.js';
import { agentPrefix } from '../../io/agent-install.js';
import type { Command } from '../command.js';

/** `claude-code@2.1.332` → its adapter and exact version. */
function parseTarget(target: string | undefined): { adapter: 'claude-code' | 'codex'; version: string } {
  const match = /^([a-z-]+)@(\d+\.\d+\.\d+)$/.exec(target ?? '');
  const adapter = InstallableAdapterSchema.safeParse(match?.[1]);
  if (!match || !adapter.success) {
    throw new CrossoverError(
      'invalid-input',
      `expected <claude-code|codex>@<exact version>, e.g. claude-code@2.1.332, got "${target ?? ''}"`,
    );
  }
  return { adapter: adapter.data, version: match[2] as string };
}

export const agentsCommand: Command = {
  usage: 'agents install <claude-code|codex>@<version> [--json]',
  async run(argv, io) {
    const { positionals, values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' } },
    });
    const [action, target] = positionals;
    if (action !== 'install')
      throw new CrossoverError(
        'invalid-input',
        `expected "agents install <claude-code|codex>@<version>", got "agents ${action ?? ''}"`,
      );
    const { adapter, version } = parseTarget(target);
    const { installed, fresh } = await installAgent({ root: io.cwd, adapter, version });
    if (values.json) io.out(`${JSON.stringify(installed, null, 2)}\n`);
    else
      io.out(
        `${fresh ? 'installed' : 'already installed'} ${adapter}@${version} in ${agentPrefix(io.cwd, adapter, version)}\n  executable ${installed.executable}\n  digest ${installed.digest}\n`,
      );
    return 0;
  },
};
