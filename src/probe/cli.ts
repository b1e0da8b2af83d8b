import { digestBytes } from '../contracts/canonical.js';
import { PROBE_TEXT_LIMIT, type ProbeInterface } from '../contracts/probe.js';
import { clip } from '../contracts/redaction.js';
import type { CommandOutput } from '../provider-runtime/contain.js';

type CliHandshake = Extract<ProbeInterface, { type: 'cli' }>;

/** Runs the CLI's version and help commands; their outputs' digests are its identity. Throws when either fails. */
export async function handshakeCli(
  versionArgs: string[],
  helpArgs: string[],
  run: (args: string[]) => Promise<CommandOutput>,
): Promise<CliHandshake> {
  const version = await run(versionArgs);
  const help = await run(helpArgs);
  const firstLine = version.stdout.trim().split('\n')[0] ?? '';
  return {
    type: 'cli',
    versionLine: clip(firstLine, PROBE_TEXT_LIMIT),
    versionDigest: digestBytes(version.stdout),
    helpDigest: digestBytes(help.stdout),
  };
}
