import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { type ProbeRecord, ProbeRecordSchema } from '../../src/contracts/probe.js';
import { tempDir } from '../helpers/temp.js';
import { BROKEN, CODE_SEARCH, REPO, sampleTask } from './support.js';

/** `crossover probe` bare: the unit project has no sandbox (test/probe-sandbox/ probes in it). */
async function cli(argv: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['probe', ...argv, '--sandbox', 'none'], {
    out: (t) => (out += t),
    err: (t) => (err += t),
    cwd,
  });
  return { code, out, err };
}

// Each test probes in directories of its own and mostly waits on the provider's processes: concurrent.
describe('crossover probe', () => {
  it.concurrent("prints one record per provider of experiments/demo.ts and stores each under the experiment's probes", async ({
    expect,
    onTestFinished,
  }) => {
    const root = await tempDir(undefined, onTestFinished);
    const { code, out, err } = await cli([join(REPO, 'experiments/demo.ts'), '--json'], root);
    expect(err).toBe('');
    expect(code).toBe(0);
    const records = (JSON.parse(out) as unknown[]).map((r) => ProbeRecordSchema.parse(r));
    expect(records.map((r) => [r.provider, r.eligibility.status])).toEqual([['code-search', 'eligible']]);
    expect(records[0]?.identity.index.status).toBe('ok');
    const stored = JSON.parse(
      await readFile(join(root, '.crossover/demo/probes/code-search.json'), 'utf8'),
    ) as ProbeRecord;
    expect(stored).toEqual(records[0]);
  });

  it.concurrent('probes a provider.json and keeps absolute paths out of the record', async ({
    expect,
    onTestFinished,
  }) => {
    const root = await tempDir(undefined, onTestFinished);
    const task = await sampleTask(undefined, undefined, await tempDir(undefined, onTestFinished));
    const { code, out } = await cli(
      [join(CODE_SEARCH, 'provider.json'), '--json', '--task', task.dir, '--experiment', 'trial-run'],
      root,
    );
    expect(code).toBe(0);
    const [record] = JSON.parse(out) as ProbeRecord[];
    expect(record?.eligibility.status).toBe('eligible');
    expect(record?.identity.index.revision).toBe(task.parts.workspace);
    const text = await readFile(join(root, '.crossover/trial-run/probes/code-search.json'), 'utf8');
    expect(text).not.toContain(REPO);
    expect(text).not.toContain(root);
    expect(text).not.toContain(task.dir);
  });

  it.concurrent('summarizes without --json and says a provider.json record was not stored without --experiment', async ({
    expect,
    onTestFinished,
  }) => {
    const { code, out } = await cli([join(CODE_SEARCH, 'provider.json')], await tempDir(undefined, onTestFinished));
    expect(code).toBe(0);
    expect(out).toMatch(/^code-search: eligible \(local\) {2}sha256:[0-9a-f]{64}\n/);
    expect(out).toContain('note: index command not exercised: no sample task given');
    expect(out).toContain('not stored');
  });

  it.concurrent('refuses an egress approval for a provider the file does not declare', async ({
    expect,
    onTestFinished,
  }) => {
    const { code, err } = await cli(
      [join(CODE_SEARCH, 'provider.json'), '--approve-egress', 'other'],
      await tempDir(undefined, onTestFinished),
    );
    expect(code).toBe(2);
    expect(err).toContain('no provider "other"');
  });

  // Not concurrent: the canary is set in this process's environment, which every probe reads.
  it('never prints or stores a credential value, even from a provider that echoes it', async () => {
    const root = await tempDir();
    const canary = `canary-${randomBytes(16).toString('hex')}`;
    vi.stubEnv('CROSSOVER_CANARY_TOKEN', canary);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const declaration = {
      id: 'leaky',
      kind: 'search',
      mode: 'local',
      version: '1.0.0',
      interface: {
        type: 'mcp-stdio',
        command: 'node',
        args: [join(BROKEN, 'leaky.mjs'), '--leak', 'CROSSOVER_CANARY_TOKEN'],
      },
      credentials: ['CROSSOVER_CANARY_TOKEN'],
    };
    await writeFile(join(root, 'provider.json'), JSON.stringify(declaration));
    for (const args of [['--json'], []]) {
      const { code, out, err } = await cli(['provider.json', ...args, '--experiment', 'canary'], root);
      expect(code).toBe(0);
      expect(out + err).not.toContain(canary);
    }
    expect(await readFile(join(root, '.crossover/canary/probes/leaky.json'), 'utf8')).not.toContain(canary);
  });
});
