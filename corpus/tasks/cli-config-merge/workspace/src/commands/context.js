import { splitFlags } from '../cli/options.js';
import { resolveConfig } from '../config/resolve.js';

/** Resolves the configuration for a command and separates the command's own flags. */
export async function loadContext(args, io) {
  const { command, config: configFlags } = splitFlags(args.flags);
  const configPath = typeof command.config === 'string' ? command.config : undefined;
  const resolved = await resolveConfig({ cwd: io.cwd, env: io.env, flags: configFlags, configPath });
  return { options: command, config: resolved.config, configFile: resolved.file };
}
