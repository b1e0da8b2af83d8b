import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { checkLoginHome } from '../agents/login.js';
import type { Agent } from '../contracts/agent.js';
import type { Finding } from '../contracts/receipt.js';
import { writeFileAtomic } from '../io/atomic.js';
import { createBeneath, LinkInPath, readBeneath, removeBeneath } from '../io/beneath.js';
import { withBuildLock } from '../io/build-lock.js';
import type { CheckedLoginHome } from '../io/login-home.js';
import { loginSecrets, refreshOf } from './login-refresh.js';

/** Crossover's own files in a login directory: the lease's lock and the record of each copy handed out. */
const LEASE_STATE = '.crossover-lease';
/** A login file is a few hundred bytes of JSON; anything far larger is not one. */
const LOGIN_FILE_LIMIT = 1 << 20;

/** `<login dir>/.crossover-lease/copies/<random>.json`: where one copy of the login file was placed. */
const CopyRecordSchema = z
  .object({
    home: z
      .string()
      .min(1)
      .describe('Absolute path of the run home the copy was placed in: removed whole when its holder is gone.'),
  })
  .strict()
  .describe('One outstanding copy of a leased login file, removed with the run home that holds it.');

/** The lease as the trial's setup sees it: it places the login file in the fresh run home. */
export interface LoginLease {
  install(home: string): Promise<void>;
  /** the credential values installed so far: kept out of every text the trial keeps */
  secrets(): string[];
}

/**
 * The positive controls only: `beneath` off reads, writes and removes the copy by its path
 * (following any link the agent left on the way), `refreshOnly` off writes back any whole JSON.
 */
export interface LeaseProtections {
  beneath: boolean;
  refreshOnly: boolean;
}

const PROTECTED: LeaseProtections = { beneath: true, refreshOnly: true };

interface HeldCopy {
  home: string;
  record: string;
  original: Buffer;
  guardian: ChildProcess;
}

/**
 * A detached process that removes the run home holding the copy (and its record) once this
 * process is gone: its stdin is a pipe only this process holds, so it reads end-of-file when the
 * process ends, however it ends (SIGKILL included). `rm -rf` follows no link the agent left inside.
 * A normal end kills it instead: the trial still reads the run home after the lease.
 */
function startGuardian(home: string, record: string, protections: LeaseProtections, target: string): ChildProcess {
  // Unprotected (a control): the copy itself by its path, through whatever link the agent put there.
  const remove = protections.beneath ? 'rm -rf -- "$1"' : 'rm -f -- "$1/$3"';
  const child = spawn('/bin/sh', ['-c', `cat >/dev/null; ${remove}; rm -f -- "$2"`, 'sh', home, record, target], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => undefined);
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

function stopGuardian(guardian: ChildProcess): void {
  try {
    if (guardian.pid !== undefined) process.kill(-guardian.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  guardian.stdin?.destroy();
}

/** Run homes a crashed holder left: any record found while holding the lease is a dead holder's, so its home goes. */
async function sweepLeftovers(copies: string): Promise<void> {
  for (const name of await readdir(copies).catch(() => [])) {
    const record = join(copies, name);
    const parsed = CopyRecordSchema.safeParse(
      JSON.parse(await readFile(record, 'utf8').catch(() => 'null')) as unknown,
    );
    if (parsed.success) await rm(parsed.data.home, { recursive: true, force: true });
    await rm(record, { force: true });
  }
}

/** Records the copy first (a crash right after copying leaves the record), then places it, private to its owner. */
async function placeCopy(
  login: CheckedLoginHome,
  home: string,
  copies: string,
  protections: LeaseProtections,
): Promise<HeldCopy> {
  const original = await readBeneath(login.dir, login.file.name, LOGIN_FILE_LIMIT);
  if (original === null) throw new Error(`the login directory no longer holds ${login.file.name}`);
  const record = join(copies, `${randomBytes(8).toString('hex')}.json`);
  await writeFileAtomic(record, JSON.stringify(CopyRecordSchema.parse({ home })), 0o600);
  const guardian = startGuardian(home, record, protections, login.file.target);
  await createBeneath(home, login.file.target, original, 0o600);
  return { home, record, original, guardian };
}

/** What the agent left at its login file's place: never read through a link it put on the way (unless unprotected). */
async function leftBehind(held: HeldCopy, target: string, protections: LeaseProtections): Promise<Buffer | null> {
  if (protections.beneath) return readBeneath(held.home, target, LOGIN_FILE_LIMIT);
  return readFile(join(held.home, target)).catch(() => null);
}

async function removeCopy(held: HeldCopy, target: string, protections: LeaseProtections): Promise<void> {
  if (!protections.beneath) return rm(join(held.home, target), { force: true });
  // A link on the way is left alone: the copy stays in the run home, which the trial removes.
  await removeBeneath(held.home, target).catch((error: unknown) => {
    if (!(error instanceof LinkInPath)) throw error;
  });
}

/** The findings of a refresh kept in part or not at all: what the agent changed that is never written back. */
function refreshFindings(file: string, refused: string | null, ignored: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  if (refused !== null) findings.push({ kind: 'cleanup', detail: `${refused}: nothing was written back` });
  if (ignored.length > 0)
    findings.push({
      kind: 'cleanup',
      detail: `the agent changed ${ignored.join(', ')} of ${file}, which a refresh does not: never written back, so the login carries nothing to a later trial`,
    });
  return findings;
}

/**
 * Writes a refreshed login back to the login directory (atomically, private): only its credential
 * fields, and only when they changed as a refresh changes them (login-refresh.ts). Then deletes the
 * copy and its record in every case. Returns the findings and the values the agent's copy held.
 */
async function giveBack(
  login: CheckedLoginHome,
  held: HeldCopy,
  protections: LeaseProtections,
): Promise<{ findings: Finding[]; secrets: string[] }> {
  const { name, target } = login.file;
  try {
    const now = await leftBehind(held, target, protections);
    if (now === null) return { findings: [], secrets: [] };
    const secrets = loginSecrets(name, now);
    const verdict = protections.refreshOnly
      ? refreshOf(name, held.original, now)
      : { write: now.equals(held.original) ? null : now, refused: null, ignored: [] };
    if (verdict.write !== null) await writeFileAtomic(join(login.dir, name), verdict.write, 0o600);
    return { findings: refreshFindings(name, verdict.refused, verdict.ignored), secrets };
  } catch (error) {
    if (error instanceof LinkInPath) {
      const detail = `the agent put a link in place of ${error.path} in its run home: its login was not read, written back or removed through it`;
      return { findings: [{ kind: 'cleanup', detail }], secrets: [] };
    }
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      findings: [{ kind: 'cleanup', detail: `the refreshed ${name} was not written back (${reason})` }],
      secrets: [],
    };
  } finally {
    await removeCopy(held, target, protections).catch(() => undefined);
    await rm(held.record, { force: true });
    stopGuardian(held.guardian);
  }
}

/**
 * Runs `run` holding the lease of one login directory (docs/architecture.md, "Trial"): trials
 * sharing a login never run at the same moment, so one agent's token refresh never races
 * another's. The login file is copied into the run home `run` creates, and after `run` its
 * refresh is written back and the copy deleted. A refused directory throws with the reason.
 * `secrets` are the credential values the trial saw (installed and refreshed), for redaction.
 */
export async function withLoginLease<T>(
  authHome: string,
  adapter: Agent['adapter'],
  run: (lease: LoginLease) => Promise<T>,
  protections: LeaseProtections = PROTECTED,
): Promise<{ value: T; findings: Finding[]; secrets: string[] }> {
  const login = await checkLoginHome(authHome, adapter, process.env);
  const state = join(login.dir, LEASE_STATE);
  const copies = join(state, 'copies');
  return withBuildLock(join(state, 'lock'), async () => {
    await sweepLeftovers(copies);
    const held: HeldCopy[] = [];
    // Filled in after `run`, when the copies are given back: the caller reads them once this resolves.
    const findings: Finding[] = [];
    const secrets: string[] = [];
    const installed = () => held.flatMap((copy) => loginSecrets(login.file.name, copy.original));
    try {
      const value = await run({
        install: async (home) => {
          held.push(await placeCopy(login, home, copies, protections));
        },
        secrets: installed,
      });
      return { value, findings, secrets };
    } finally {
      const seen = new Set(installed());
      for (const copy of held) {
        const given = await giveBack(login, copy, protections);
        findings.push(...given.findings);
        for (const value of given.secrets) seen.add(value);
      }
      secrets.push(...seen);
    }
  });
}
