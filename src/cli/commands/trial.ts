import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkLoginHome } from '../../agents/login.js';
import { CrossoverError } from '../../contracts/errors.js';
import type { FileDigest } from '../../contracts/plan.js';
import { ProviderSchema } from '../../contracts/provider.js';
import type { Receipt } from '../../contracts/receipt.js';
import { loadTask } from '../../corpus/load.js';
import { pathDigest } from '../../io/file-digest.js';
import { readArtifact } from '../../io/json.js';
import { rootRelative } from '../../io/paths.js';
import { writeReceipt } from '../../receipts/store.js';
import { terminalSafe, terminalSafeJson } from '../../reporters/terminal-text.js';
import { type AdHocProvider, runAdHocTrial } from '../../trial/ad-hoc.js';
import type { CliIo, Command } from '../command.js';

const USAGE =
  "trial <taskDir> --agent '<shell command>' [--provider <declaration.json>] [--sandbox bubblewrap|container|none] [--timeout <s>] [--agent-dir <dir>]... [--loopback] [--auth-home <dir>] [--receipts <dir>] [--json]";

function sandboxKind(value: string): 'bubblewrap' | 'container' | 'none' {
  if (value === 'bubblewrap' || value === 'container' || value === 'none') return value;
  throw new CrossoverError('invalid-input', `--sandbox: expected bubblewrap, container or none, got "${value}"`);
}

function timeoutSeconds(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new CrossoverError('invalid-input', `--timeout: expected a positive number of seconds, got "${value}"`);
  return seconds;
}

function summary(receipt: Receipt): string {
  const lines = [
    `trial ${receipt.trial.id} of ${receipt.trial.taskId}: ${receipt.status} (sandbox ${receipt.sandbox.kind}, ${receipt.checksRun} checks ran)`,
  ];
  for (const check of receipt.checks)
    lines.push(
      `  ${check.status.padEnd(5)} ${check.kind} ${check.id}${check.message ? `: ${terminalSafe(check.message)}` : ''}`,
    );
  for (const finding of receipt.findings) lines.push(`  finding ${finding.kind}: ${terminalSafe(finding.detail)}`);
  for (const call of receipt.contextCalls ?? [])
    lines.push(
      `  context call ${terminalSafe(`${call.server}/${call.tool}`)}: ${call.outcome}, ${call.answerBytes} bytes`,
    );
  return `${lines.join('\n')}\n`;
}

/** The --agent-dir directories, root-relative with their digests: bound read-only and part of the trial's identity. */
async function agentFiles(root: string, dirs: readonly string[]): Promise<FileDigest[]> {
  const files: FileDigest[] = [];
  for (const dir of dirs) {
    const absolute = resolve(root, dir);
    const digest = await pathDigest(absolute).catch(() => {
      throw new CrossoverError('not-found', `--agent-dir: ${dir} does not exist`);
    });
    files.push({ path: rootRelative(root, absolute, '--agent-dir'), digest });
  }
  return files;
}

/** The --provider declaration (a checked provider JSON, as `crossover providers add` writes it). */
async function providerDeclaration(cwd: string, file: string): Promise<AdHocProvider> {
  const absolute = resolve(cwd, file);
  return { declaration: await readArtifact(absolute, ProviderSchema), file: absolute };
}

/** Stops the trial (and its agent's whole process tree) on Ctrl-C instead of leaving it running. */
function interruptSignal(): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', abort);
      process.off('SIGTERM', abort);
    },
  };
}

export const trialCommand: Command = {
  usage: USAGE,
  async run(argv, io: CliIo) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        agent: { type: 'string' },
        provider: { type: 'string' },
        sandbox: { type: 'string', default: 'bubblewrap' },
        timeout: { type: 'string' },
        'agent-dir': { type: 'string', multiple: true, default: [] },
        loopback: { type: 'boolean', default: false },
        'auth-home': { type: 'string' },
        receipts: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    if (positionals.length !== 1)
      throw new CrossoverError('invalid-input', `expected one task directory; usage: crossover ${USAGE}`);
    if (!values.agent)
      throw new CrossoverError(
        'invalid-input',
        `--agent: expected the shell command that runs the agent; usage: crossover ${USAGE}`,
      );
    const task = await loadTask(resolve(io.cwd, positionals[0]!));
    // A login directory a lease may not use is refused before any trial, with the reason.
    const authHome = values['auth-home'];
    if (authHome !== undefined)
      await checkLoginHome(resolve(io.cwd, authHome), 'command', process.env, `--auth-home ${authHome}`);
    const { signal, release } = interruptSignal();
    try {
      const { receipt } = await runAdHocTrial({
        root: io.cwd,
        task,
        command: values.agent,
        sandbox: sandboxKind(values.sandbox),
        timeoutMs: Math.round(timeoutSeconds(values.timeout, task.task.timeoutSec) * 1000),
        readOnly: [],
        files: await agentFiles(io.cwd, values['agent-dir']),
        loopback: values.loopback,
        signal,
        ...(authHome === undefined ? {} : { authHome: resolve(io.cwd, authHome) }),
        ...(values.provider === undefined ? {} : { provider: await providerDeclaration(io.cwd, values.provider) }),
      });
      if (values.receipts !== undefined) await writeReceipt(resolve(io.cwd, values.receipts), receipt);
      io.out(values.json ? `${terminalSafeJson(receipt)}\n` : summary(receipt));
      return receipt.status === 'passed' ? 0 : 1;
    } finally {
      release();
    }
  },
};
