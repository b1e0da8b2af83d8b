import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { checkLoginHome } from '../agents/login.js';
import type { Agent } from '../contracts/agent.js';
import type { Finding } from '../contracts/receipt.js';
import { writeFileAtomic } from '../io/atomic.js';
import { withBuildLock } from '../io/build-lock.js';
import type { CheckedLoginHome } from '../io/login-home.js';

/** Crossover's own files in a login directory: the lease's lock and the record of each copy handed out. */
const LEASE_STATE = '.crossover-lease';
/** A login file is a few hundred bytes of JSON; anything far larger is not one. */
const LOGIN_FILE_LIMIT = 1 << 20;

/** `<login dir>/.crossover-lease/copies/<random>.json`: where one copy of the login file was placed. */
const CopyRecordSchema = z
  .object({
    copy: z.string().min(1).describe("Absolute path of the login file's copy in a trial's run home."),
  })
  .strict()
  .describe('One outstanding copy of a leased login file, removed with the copy.');

/** The lease as the trial's setup sees it: it places the login file in the fresh run home. */
export interface LoginLease {
  install(home: string): Promise<void>;
}

interface HeldCopy {
  copy: string;
  record: string;
  original: Buffer;
  guardian: ChildProcess;
}

/** A regular file's bytes (never a link's target: the agent may have replaced its copy), or null when absent. */
async function readRegular(path: string): Promise<Buffer | null> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (handle === null) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('not a regular file');
    if (info.size > LOGIN_FILE_LIMIT) throw new Error(`larger than ${LOGIN_FILE_LIMIT} bytes`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * A detached process that removes the copy (and its record) once this process is gone: its stdin
 * is a pipe only this process holds, so it reads end-of-file when the process ends, however it
 * ends (SIGKILL included). A normal end closes the pipe after removing the copy itself.
 */
function startGuardian(paths: readonly string[]): ChildProcess {
  const child = spawn('/bin/sh', ['-c', 'cat >/dev/null; rm -f -- "$@"', 'sh', ...paths], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => undefined);
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

/** Copies a crashed holder left: any record found while holding the lease is a dead holder's, so its copy goes. */
async function sweepLeftovers(copies: string): Promise<void> {
  for (const name of await readdir(copies).catch(() => [])) {
    const record = join(copies, name);
    const parsed = CopyRecordSchema.safeParse(
      JSON.parse(await readFile(record, 'utf8').catch(() => 'null')) as unknown,
    );
    if (parsed.success) await rm(parsed.data.copy, { force: true });
    await rm(record, { force: true });
  }
}

/** Records the copy first (a crash right after copying leaves the record), then places it, private to its owner. */
async function placeCopy(login: CheckedLoginHome, home: string, copies: string): Promise<HeldCopy> {
  const original = await readRegular(join(login.dir, login.file.name));
  if (original === null) throw new Error(`the login directory no longer holds ${login.file.name}`);
  const copy = join(home, login.file.target);
  const record = join(copies, `${randomBytes(8).toString('hex')}.json`);
  await writeFileAtomic(record, JSON.stringify(CopyRecordSchema.parse({ copy })), 0o600);
  const guardian = startGuardian([copy, record]);
  await mkdir(dirname(copy), { recursive: true });
  await writeFile(copy, original, { mode: 0o600, flag: 'wx' });
  return { copy, record, original, guardian };
}

/** Only a whole JSON object is a login file: a copy cut short by a killed agent is never written back. */
function isLoginJson(bytes: Buffer): boolean {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Writes a refreshed login back to the login directory (atomically, private), then deletes the
 * copy and its record in every case. Returns a finding when the refresh could not be kept.
 */
async function giveBack(login: CheckedLoginHome, held: HeldCopy): Promise<Finding | null> {
  try {
    const now = await readRegular(held.copy);
    if (now === null || now.equals(held.original)) return null;
    if (!isLoginJson(now))
      return { kind: 'cleanup', detail: `the agent left ${login.file.name} not whole JSON: not written back` };
    await writeFileAtomic(join(login.dir, login.file.name), now, 0o600);
    return null;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { kind: 'cleanup', detail: `the refreshed ${login.file.name} was not written back (${reason})` };
  } finally {
    await rm(held.copy, { force: true });
    await rm(held.record, { force: true });
    held.guardian.stdin?.end();
  }
}

/**
 * Runs `run` holding the lease of one login directory (docs/architecture.md, "Trial"): trials
 * sharing a login never run at the same moment, so one agent's token refresh never races
 * another's. The login file is copied into the run home `run` creates, and after `run` the
 * refreshed file is written back and the copy deleted. A refused directory throws with the reason.
 */
export async function withLoginLease<T>(
  authHome: string,
  adapter: Agent['adapter'],
  run: (lease: LoginLease) => Promise<T>,
): Promise<{ value: T; findings: Finding[] }> {
  const login = await checkLoginHome(authHome, adapter, process.env);
  const state = join(login.dir, LEASE_STATE);
  const copies = join(state, 'copies');
  return withBuildLock(join(state, 'lock'), async () => {
    await sweepLeftovers(copies);
    const held: HeldCopy[] = [];
    const findings: Finding[] = [];
    try {
      const value = await run({
        install: async (home) => {
          held.push(await placeCopy(login, home, copies));
        },
      });
      return { value, findings };
    } finally {
      for (const copy of held) {
        const finding = await giveBack(login, copy);
        if (finding) findings.push(finding);
      }
    }
  });
}
