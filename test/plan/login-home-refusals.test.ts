import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from './helpers.js';

/** A private login directory holding a Claude Code login file. */
async function privateLogin(): Promise<string> {
  const dir = join(await tempDir('crossover-login-'), 'login');
  await mkdir(dir, { mode: 0o700 });
  await writeFile(join(dir, '.credentials.json'), '{"claudeAiOauth":{}}', { mode: 0o600 });
  return dir;
}

async function planWith(authHome: string): Promise<{ code: number; out: string; err: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await writeExperiment(root, 'exp', syntheticExperiment({ authHome }));
  return crossover(root, ['plan', 'experiments/exp.ts', '--json']);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a login directory a lease must not use', () => {
  it("is the user's own Claude Code home: the plan is blocked, naming it", async () => {
    const own = join(homedir(), '.claude');
    const planned = await planWith(own);
    expect(planned.code).not.toBe(0);
    expect(planned.err).toContain(
      `experiments/exp.ts: $.authHome: refused: it is (or holds) your own agent home ${own}`,
    );
  });

  it('is $CODEX_HOME, wherever it points: refused by crossover trial before any trial', async () => {
    const codexHome = await privateLogin();
    vi.stubEnv('CODEX_HOME', codexHome);
    const cwd = await tempDir();
    const refused = await crossover(cwd, [
      'trial',
      join(import.meta.dirname, '../../fixtures/tasks/valid-node'),
      '--agent',
      'true',
      '--auth-home',
      codexHome,
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('refused: it is (or holds) your own agent home');
  });

  it('is readable by other users: the plan is blocked with the mode; the same directory made private plans', async () => {
    const dir = await privateLogin();
    await chmod(dir, 0o750);
    const blocked = await planWith(dir);
    expect(blocked.code).not.toBe(0);
    expect(blocked.err).toContain('other users can read or write it (mode 750); run chmod 700 on it');
    await chmod(dir, 0o700);
    const planned = await planWith(dir);
    expect(planned.code, planned.err).toBe(0);
    expect(JSON.parse(planned.out).auth).toEqual({ mode: 'lease' });
    expect(planned.out).not.toContain(dir);
  });

  it('holds a login file others can read: refused naming the file', async () => {
    const dir = await privateLogin();
    await chmod(join(dir, '.credentials.json'), 0o644);
    expect((await planWith(dir)).err).toContain('other users can read or write .credentials.json (mode 644)');
  });
});

describe('crossover agents login', () => {
  it('prints the commands that make a login directory with the pinned launcher', async () => {
    const cwd = await tempDir();
    const printed = await crossover(cwd, ['agents', 'login', 'codex@0.171.0', '--auth-home', 'logins/codex']);
    expect(printed.code, printed.err).toBe(0);
    const dir = join(cwd, 'logins/codex');
    expect(printed.out.split('\n')).toEqual([
      'npx crossover agents install codex@0.171.0',
      `mkdir -p -m 700 ${dir}`,
      `CODEX_HOME=${dir} ${join(cwd, '.crossover/agents/codex@0.171.0/node_modules/.bin/codex')} -c 'cli_auth_credentials_store="file"' login`,
      `chmod 600 ${dir}/auth.json`,
      '',
    ]);
  });

  it("refuses to make the user's own agent home a login directory", async () => {
    const printed = await crossover(await tempDir(), [
      'agents',
      'login',
      'claude-code@2.1.332',
      '--auth-home',
      join(homedir(), '.claude'),
    ]);
    expect(printed.code).not.toBe(0);
    expect(printed.err).toContain('your own agent home');
  });
});
