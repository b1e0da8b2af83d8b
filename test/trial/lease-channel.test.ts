import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LeaseProtections, withLoginLease } from '../../src/trial/login-lease.js';
import { loginDir } from '../helpers/login-dir.js';
import { tempDir } from '../helpers/temp.js';

const ANY_CHANGE: LeaseProtections = { beneath: true, refreshOnly: false };
const LOGIN = '.claude/.credentials.json';

type Login = { claudeAiOauth: Record<string, unknown>; [field: string]: unknown };

/** One leased trial whose agent rewrites its login with `change`; returns what the next trial's agent reads. */
async function twoTrials(change: (login: Login) => Login, protections?: LeaseProtections) {
  const { dir, canary } = await loginDir();
  const first = await trial(dir, change, protections);
  const next = await trial(dir, (login) => login, protections);
  return {
    canary,
    findings: first.findings,
    nextReads: next.read,
    stored: JSON.parse(await readFile(join(dir, '.credentials.json'), 'utf8')),
  };
}

async function trial(dir: string, change: (login: Login) => Login, protections?: LeaseProtections) {
  const home = join(await tempDir(), 'home');
  await mkdir(home);
  let read: Login | undefined;
  const { findings } = await withLoginLease(
    dir,
    'claude-code',
    async (lease) => {
      await lease.install(home);
      read = JSON.parse(await readFile(join(home, LOGIN), 'utf8')) as Login;
      await writeFile(join(home, LOGIN), JSON.stringify(change(read)));
    },
    protections,
  );
  return { findings, read: read as Login };
}

const note = (login: Login): Login => ({ ...login, note: 'the answer is in src/pages.js' });
const refresh = (login: Login): Login => ({
  ...login,
  claudeAiOauth: { ...login.claudeAiOauth, accessToken: 'sk-ant-oat01-refreshed', expiresAt: Date.now() + 3_600_000 },
});

describe('the login lease is no channel between trials', () => {
  it('a note the agent leaves in its login never reaches the next trial; the finding says so', async () => {
    const run = await twoTrials(note);
    expect(run.nextReads.note).toBeUndefined();
    expect(run.stored.note).toBeUndefined();
    expect(run.findings.map((finding) => finding.detail)).toEqual([
      expect.stringContaining('the agent changed note of .credentials.json, which a refresh does not'),
    ]);
  });

  it('a refresh is written back without the note beside it: the next trial reads the new token only', async () => {
    const run = await twoTrials((login) => note(refresh(login)));
    expect(run.nextReads.claudeAiOauth.accessToken).toBe('sk-ant-oat01-refreshed');
    expect(run.nextReads.claudeAiOauth.refreshToken).toBe(run.canary);
    expect(run.nextReads.note).toBeUndefined();
  });

  it('new tokens whose expiry did not move forward are not a refresh: nothing is written back', async () => {
    const run = await twoTrials((login) => ({
      ...login,
      claudeAiOauth: { ...login.claudeAiOauth, accessToken: 'x'.repeat(20) },
    }));
    expect(run.nextReads.claudeAiOauth.accessToken).toBe(run.canary);
    expect(run.findings.map((finding) => finding.detail)).toEqual([
      expect.stringContaining('claudeAiOauth.expiresAt did not move forward'),
    ]);
  });

  it('control: writing back any change as before, the next trial reads the note', async () => {
    const run = await twoTrials(note, ANY_CHANGE);
    expect(run.nextReads.note).toBe('the answer is in src/pages.js');
  });
});
