import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BUILT } from '../helpers/cli.js';
import { filesHolding, loginDir } from '../helpers/login-dir.js';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, syntheticExperiment, verifyTasks, writeCorpus, writeExperiment } from '../plan/helpers.js';
import { cli, REPO } from '../plugin/project.js';
import { AGENTS_DIR, PAGES_TASK, processesWith } from './hostile.js';

const RUN_TIMEOUT = 300_000;

/**
 * Stands in for Claude Code: reads its login where Claude Code keeps it (the config dir below its
 * HOME), refuses to work without the canary, then "refreshes" it as Claude Code does: a new access
 * token and a later expiry, the canary refresh token kept. It also leaves a note in the login for
 * a later trial and fails if it finds one (the lease must not be a channel between trials), and
 * prints the span of its own run, which its evidence keeps.
 */
const LEASE_AGENT = `#!/usr/bin/env node
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
const file = process.env.HOME + '/.claude/.credentials.json';
const login = JSON.parse(readFileSync(file, 'utf8'));
if (!login.claudeAiOauth.refreshToken.startsWith('canary-')) process.exit(3);
if (login.note !== undefined) process.exit(4);
const start = Date.now();
await new Promise((resolve) => setTimeout(resolve, 150));
const end = Date.now();
const next = { ...login, claudeAiOauth: { ...login.claudeAiOauth, accessToken: 'refreshed-' + end, expiresAt: end }, note: 'to a later trial' };
writeFileSync(file + '.tmp', JSON.stringify(next));
renameSync(file + '.tmp', file);
console.log('span ' + start + ' ' + end);
`;

/** A stage-1 slice (4 tasks × 2 arms × 2 repeats) of the lease agent, two at once, leasing one login. */
async function leaseProject(authHome: string): Promise<string> {
  const root = await tempDir('crossover-lease-');
  await writeCorpus(root, SMALL_CORPUS);
  await symlink(join(REPO, 'node_modules'), join(root, 'node_modules'));
  await mkdir(join(root, 'agents'));
  await writeFile(join(root, 'agents/lease-agent.mjs'), LEASE_AGENT, { mode: 0o755 });
  await writeExperiment(
    root,
    'lease',
    syntheticExperiment({
      id: 'lease',
      stage: 1,
      tasks: ['api-a', 'api-c', 'web-b', 'web-c'],
      agent: { adapter: 'command', command: './agents/lease-agent.mjs', files: ['agents'] },
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'other', role: 'treatment', allowedTools: ['x'] },
      ],
      sandbox: 'bubblewrap',
      concurrency: 2,
      authHome,
    }),
  );
  // stage 1 runs only verified tasks
  await verifyTasks(root, ['api-a', 'api-c', 'web-b', 'web-c']);
  return root;
}

describe('a subscription login leased to the trials', () => {
  it(
    'is copied into each trial, its refresh lands back in the login directory, trials never overlap, and the canary is in no artifact',
    async () => {
      const { dir, canary } = await loginDir();
      const root = await leaseProject(dir);
      const run = await cli(root, ['run', 'experiments/lease.ts']);
      expect(run.code, run.err).toBe(0);

      const [plan] = (await readdir(join(root, '.crossover/lease'))).filter((name) => /^[0-9a-f]{16}$/.test(name));
      const planDir = join(root, '.crossover/lease', plan as string);
      // Receipts only: the evidence folder beside them holds each trial's evidence.
      const receipts = (await readdir(join(planDir, 'receipts'))).filter((name) => name.endsWith('.json'));
      const statuses = await Promise.all(
        receipts.map(async (name) => JSON.parse(await readFile(join(planDir, 'receipts', name), 'utf8')).status),
      );
      // Every agent found the canary login in its home (it exits 3 without) and no note from another trial
      // (it exits 4): none is an agent error.
      expect(statuses).toHaveLength(16);
      expect(statuses.filter((status) => status === 'agent-error')).toEqual([]);

      // The login directory holds the last refresh (its tokens and expiry only: no note), and the 16
      // runs, each span kept in its evidence, never overlapped.
      const login = JSON.parse(await readFile(join(dir, '.credentials.json'), 'utf8'));
      expect(login.claudeAiOauth.accessToken).toMatch(/^refreshed-\d+$/);
      expect(login.claudeAiOauth.refreshToken).toBe(canary);
      expect(login.note).toBeUndefined();
      const spans = (await agentSpans(join(planDir, 'receipts/evidence'))).toSorted((a, b) => a[0] - b[0]);
      expect(spans).toHaveLength(16);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
      expect(login.claudeAiOauth.expiresAt).toBe(spans.at(-1)![1]);
      expect((await stat(join(dir, '.credentials.json'))).mode & 0o777).toBe(0o600);

      // The plan says a lease, never where or what; no copy is left, and no artifact holds the token.
      const planJson = await readFile(join(planDir, 'plan.json'), 'utf8');
      expect(JSON.parse(planJson).auth).toEqual({ mode: 'lease' });
      expect(planJson).not.toContain(dir);
      expect(await filesHolding(root, canary)).toEqual([]);
      expect(await readdir(join(dir, '.crossover-lease/copies'))).toEqual([]);
      // The control: the same search finds the canary where it is.
      expect(await filesHolding(dir, canary)).toEqual(['.credentials.json']);
    },
    RUN_TIMEOUT,
  );

  it('leaves no copy of the login behind when the trial is killed with SIGKILL', async () => {
    const { dir, canary } = await loginDir();
    const cwd = await tempDir();
    await mkdir(join(cwd, 'agents'));
    await copyFile(join(AGENTS_DIR, 'hang.mjs'), join(cwd, 'agents/hang.mjs'));
    const marker = `crossover-lease-killed-${randomBytes(6).toString('hex')}`;
    const agent = `test -f "$HOME/.claude/.credentials.json" && exec node ${cwd}/agents/hang.mjs ${marker}`;
    const child = execa(
      'node',
      [
        BUILT.bin,
        'trial',
        PAGES_TASK,
        '--agent',
        agent,
        '--agent-dir',
        'agents',
        '--auth-home',
        dir,
        '--timeout',
        '120',
      ],
      { cwd, reject: false },
    );
    await until(async () => (await processesWith(marker)).length > 0);
    // The control: while the agent runs, its home holds the copy.
    expect(await filesHolding(join(cwd, '.crossover'), canary)).toHaveLength(1);
    child.kill('SIGKILL');
    await child;
    await until(async () => (await filesHolding(join(cwd, '.crossover'), canary)).length === 0);
    expect(await filesHolding(join(cwd, '.crossover'), canary)).toEqual([]);
    await until(async () => (await readdir(join(dir, '.crossover-lease/copies'))).length === 0);
    expect(await readdir(join(dir, '.crossover-lease/copies'))).toEqual([]);
    await until(async () => (await processesWith(marker)).length === 0);
  });

  it('refuses a login directory other users can read, before any trial, with the reason', async () => {
    const { dir } = await loginDir();
    const cwd = await tempDir();
    await chmod(dir, 0o755);
    const refused = await cli(cwd, ['trial', PAGES_TASK, '--agent', 'true', '--auth-home', dir]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('other users can read or write it (mode 755)');
    expect(existsSync(join(cwd, '.crossover/trials'))).toBe(false);
    // The control: the same directory made private is leased.
    await chmod(dir, 0o700);
    const leased = await cli(cwd, [
      'trial',
      PAGES_TASK,
      '--agent',
      'test -f "$HOME/.claude/.credentials.json"',
      '--auth-home',
      dir,
    ]);
    expect(leased.err).toBe('');
    expect(leased.out).toContain(': failed');
  });
});

/** The `span <start> <end>` line each trial's agent printed, from the stdout its evidence keeps. */
async function agentSpans(evidenceDir: string): Promise<[number, number][]> {
  const spans: [number, number][] = [];
  for (const name of await readdir(evidenceDir)) {
    const evidence = JSON.parse(await readFile(join(evidenceDir, name), 'utf8'));
    const match = /span (\d+) (\d+)/.exec(evidence.output?.stdout ?? '');
    if (match) spans.push([Number(match[1]), Number(match[2])]);
  }
  return spans;
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600 && !(await condition()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}
