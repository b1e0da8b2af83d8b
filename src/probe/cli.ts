import { digestBytes } from '../contracts/canonical.js';
import type { ProbeInterface } from '../contracts/probe.js';
import { boundText } from './redact.js';
import { type RunOptions, runBounded } from './run.js';

type CliHandshake = Extract<ProbeInterface, { type: 'cli' }>;

/** Runs the CLI's version and help commands; their outputs' digests are its identity. Throws when either fails. */
export async function handshakeCli(
  command: string,
  versionArgs: string[],
  helpArgs: string[],
  options: RunOptions,
): Promise<CliHandshake> {
  const version = await runBounded(command, versionArgs, options);
  const help = await runBounded(command, helpArgs, options);
  const firstLine = version.stdout.trim().split('\n')[0] ?? '';
  return {
    type: 'cli',
    versionLine: boundText(firstLine),
    versionDigest: digestBytes(version.stdout),
    helpDigest: digestBytes(help.stdout),
  };
}
