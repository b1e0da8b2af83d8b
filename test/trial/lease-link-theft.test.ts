import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { LinkInPath, readBeneath } from '../../src/io/beneath.js';
import { type LeaseProtections, withLoginLease } from '../../src/trial/login-lease.js';
import { loginDir } from '../helpers/login-dir.js';
import { tempDir } from '../helpers/temp.js';

/** The built lease, which a holder process of its own imports. */
const BUILT_LEASE = join(import.meta.dirname, '../../dist/trial/login-lease.js');
const LINKS_FOLLOWED: LeaseProtections = { beneath: false, refreshOnly: true };

/**
 * Another login directory on the host (the operator's own, say), fresher than the leased one: a
 * lease that reads through a link would take it for a refresh.
 */
async function victim() {
  return loginDir(Date.now() + 3_600_000);
}

/** What the agent does in its run home: its login's directory (or the file itself) replaced by a link to `target`. */
async function plantLink(home: string, what: 'directory' | 'file', target: string): Promise<void> {
  if (what === 'directory') {
    await rm(join(home, '.claude'), { recursive: true, force: true });
    await symlink(target, join(home, '.claude'));
  } else {
    await rm(join(home, '.claude/.credentials.json'), { force: true });
    await symlink(join(target, '.credentials.json'), join(home, '.claude/.credentials.json'));
  }
}

/** One leased trial whose agent plants a link to the victim's login directory. */
async function leaseWithLink(what: 'directory' | 'file', protections?: LeaseProtections) {
  const leased = await loginDir();
  const stolen = await victim();
  const home = join(await tempDir(), 'home');
  await mkdir(home);
  const { findings } = await withLoginLease(
    leased.dir,
    'claude-code',
    async (lease) => {
      await lease.install(home);
      await plantLink(home, what, stolen.dir);
    },
    protections,
  );
  const read = (dir: string) => readFile(join(dir, '.credentials.json'), 'utf8').catch(() => null);
  return { leased, stolen, findings, leasedNow: await read(leased.dir), victimNow: await read(stolen.dir) };
}

describe('the login lease never reads, writes or deletes through a link the agent left in its run home', () => {
  it.each(['directory', 'file'] as const)(
    "a link in place of the login's %s: the victim's login is neither taken nor deleted, with a finding",
    async (what) => {
      const run = await leaseWithLink(what);
      expect(run.victimNow).toContain(run.stolen.canary);
      expect(run.leasedNow).toContain(run.leased.canary);
      expect(run.leasedNow).not.toContain(run.stolen.canary);
      expect(run.findings.map((finding) => finding.detail)).toEqual([
        expect.stringContaining('the agent put a link in place of'),
      ]);
    },
  );

  it("control: following the link as before, the victim's login is written into the lease and deleted", async () => {
    const run = await leaseWithLink('directory', LINKS_FOLLOWED);
    expect(run.leasedNow).toContain(run.stolen.canary);
    expect(run.victimNow).toBeNull();
  });

  it.each([
    ['protected', undefined],
    ['control: unprotected', LINKS_FOLLOWED],
  ] as const)(
    "%s: when the holder is killed after the agent planted its link, only a guardian following links deletes the victim's login",
    async (_, protections) => {
      const leased = await loginDir();
      const stolen = await victim();
      const home = join(await tempDir(), 'home');
      await mkdir(home);
      // The holder: leases, lets the "agent" plant its link, then dies with SIGKILL; its guardian cleans up.
      const holder = `
        import { mkdir, rm, symlink } from 'node:fs/promises';
        import { withLoginLease } from ${JSON.stringify(BUILT_LEASE)};
        const [dir, home, target, protections] = process.argv.slice(1);
        await withLoginLease(dir, 'claude-code', async (lease) => {
          await lease.install(home);
          await rm(home + '/.claude', { recursive: true, force: true });
          await symlink(target, home + '/.claude');
          process.kill(process.pid, 'SIGKILL');
        }, protections === 'default' ? undefined : JSON.parse(protections));
      `;
      const args = [leased.dir, home, stolen.dir, protections ? JSON.stringify(protections) : 'default'];
      await execa('node', ['--input-type=module', '-e', holder, ...args], { reject: false });
      const cleaned = protections ? () => !existsSync(join(stolen.dir, '.credentials.json')) : () => !existsSync(home);
      for (let i = 0; i < 200 && !cleaned(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(cleaned()).toBe(true);
      // Protected, the guardian removed the run home and followed nothing; unprotected, it deleted the victim's login.
      expect(existsSync(join(stolen.dir, '.credentials.json'))).toBe(protections === undefined);
    },
  );

  it('a refused link leaves no directory open behind it', async () => {
    const home = join(await tempDir(), 'home');
    await mkdir(join(home, 'real'), { recursive: true });
    await symlink(join(home, 'real'), join(home, 'link'));
    const open = async () => (await readdir('/proc/self/fd')).length;
    const before = await open();
    await expect(readBeneath(home, 'link/.credentials.json', 1024)).rejects.toBeInstanceOf(LinkInPath);
    expect(await open()).toBe(before);
  });
});
