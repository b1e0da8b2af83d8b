import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Receipt } from '../../src/contracts/receipt.js';
import { loadTask } from '../../src/corpus/load.js';
import { runAdHocTrial } from '../../src/trial/ad-hoc.js';
import { tempDir } from '../helpers/temp.js';

const repo = join(import.meta.dirname, '../..');
export const AGENTS_DIR = join(repo, 'fixtures/agents');
/** The grader's fixture task: pages.js has a bug the reference overlay fixes. */
export const PAGES_TASK = join(repo, 'fixtures/tasks/valid-node');
/** Our own: answer.txt passes only with a secret that lives in checks/ and reference/. */
export const SECRET_TASK = join(repo, 'fixtures/trial-tasks/secret-answer');

export interface HostileRun {
  script: string;
  args?: string[];
  task?: string;
  sandbox?: 'bubblewrap' | 'container' | 'none';
  timeoutMs?: number;
  root?: string;
  signal?: AbortSignal;
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

/** One ad-hoc trial of a hostile fixture agent, with only fixtures/agents bound read-only. */
export async function hostileTrial(run: HostileRun): Promise<Receipt> {
  const task = await loadTask(run.task ?? PAGES_TASK);
  const command = ['node', join(AGENTS_DIR, run.script), ...(run.args ?? [])].map(shellQuote).join(' ');
  const { receipt } = await runAdHocTrial({
    root: run.root ?? (await tempDir()),
    task,
    command,
    sandbox: run.sandbox ?? 'bubblewrap',
    timeoutMs: run.timeoutMs ?? 20_000,
    readOnly: [AGENTS_DIR],
    loopback: false,
    ...(run.signal ? { signal: run.signal } : {}),
  });
  return receipt;
}

/** Pids of live processes whose command line holds `marker`. */
export async function processesWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(marker)) found.push(Number(name));
  }
  return found;
}
