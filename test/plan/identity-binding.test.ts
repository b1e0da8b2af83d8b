import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { digestBytes } from '../../src/contracts/canonical.js';
import type { ProviderInput } from '../../src/contracts/provider.js';
import { experimentLayout } from '../../src/io/layout.js';
import { derivePlan } from '../../src/plan/derive.js';
import { tempDir } from '../helpers/temp.js';
import {
  crossover,
  SMALL_CORPUS,
  syntheticExperiment,
  writeCorpus,
  writeExperiment,
  writeProbeRecord,
} from './helpers.js';

const SEARCH = {
  id: 'search',
  kind: 'search',
  mode: 'local',
  version: '1.0.0',
  interface: { type: 'mcp-stdio', command: 'node', args: ['../providers/server.mjs', '--verbose'] },
  index: { command: 'node', args: ['../providers/server.mjs', '--index'] },
  allowedTools: ['search_code'],
} as const satisfies ProviderInput;

const env = { PATH: process.env.PATH };

async function withProvider(root: string) {
  await writeCorpus(root, SMALL_CORPUS);
  await mkdir(join(root, 'providers'));
  // would leave a marker if planning ever started it
  await writeFile(
    join(root, 'providers/server.mjs'),
    `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(join(root, 'STARTED'))}, 'x');\n`,
  );
  await mkdir(join(root, 'experiments/instructions'), { recursive: true });
  await writeFile(join(root, 'experiments/instructions/CLAUDE.md'), 'Use the search tool.\n');
  return writeExperiment(
    root,
    'exp',
    syntheticExperiment({
      sandbox: 'bubblewrap',
      credentials: ['SEARCH_TOKEN'],
      providers: [SEARCH],
      arms: [
        { id: 'baseline', role: 'baseline' },
        {
          id: 'with-search',
          role: 'treatment',
          provider: 'search',
          allowedTools: ['search_code'],
          instructionFiles: [{ source: 'instructions/CLAUDE.md', target: '.claude/CLAUDE.md' }],
        },
      ],
    }),
  );
}

describe('planning binds every identity and starts nothing', () => {
  it("blocks an arm whose provider has no probe record, and binds the record's digest once probed", async () => {
    const root = await tempDir();
    const file = await withProvider(root);
    const unprobed = await derivePlan({ experimentFile: file, root, env: { ...env, SEARCH_TOKEN: 'tok' } });
    expect(unprobed.blocked).toContain('provider search not probed: run crossover probe experiments/exp.ts');
    expect(unprobed.plan.arms[1]?.provider?.probeDigest).toBeNull();

    const probe = await writeProbeRecord(experimentLayout(root, 'exp').probesDir, SEARCH);
    const probed = await derivePlan({ experimentFile: file, root, env: { ...env, SEARCH_TOKEN: 'tok' } });
    const provider = probed.plan.arms[1]?.provider;
    expect(provider).toMatchObject({ probeDigest: probe, eligibility: 'eligible', tools: ['search_code'] });
    expect(provider?.launch).toEqual({ command: 'node', args: ['./providers/server.mjs', '--verbose'] });
    expect(provider?.index).toEqual({ command: 'node', args: ['./providers/server.mjs', '--index'] });
    expect(provider?.files).toEqual([{ path: 'providers/server.mjs', digest: expect.stringMatching(/^sha256:/) }]);
    expect(probed.plan.arms[1]?.instructionFiles).toEqual([
      {
        source: 'experiments/instructions/CLAUDE.md',
        target: '.claude/CLAUDE.md',
        digest: digestBytes('Use the search tool.\n'),
      },
    ]);
    expect(probed.id).not.toBe(unprobed.id);
    await expect(access(join(root, 'STARTED'))).rejects.toThrow();
  });

  it('records credentials by name and availability, never their values', async () => {
    const root = await tempDir();
    await withProvider(root);
    const missing = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(missing.out).toContain('credentials: SEARCH_TOKEN (MISSING)');
    expect(missing.out).toContain('credential SEARCH_TOKEN is not set in the environment');
    process.env.SEARCH_TOKEN = 'very-secret-token-value';
    try {
      const present = await crossover(root, ['plan', 'experiments/exp.ts']);
      const json = await crossover(root, ['plan', 'experiments/exp.ts', '--json']);
      expect(present.out).toContain('credentials: SEARCH_TOKEN (available)');
      expect(present.out + json.out).not.toContain('very-secret-token-value');
      expect(JSON.parse(json.out).credentials).toEqual(['SEARCH_TOKEN']);
    } finally {
      delete process.env.SEARCH_TOKEN;
    }
  });

  it('binds the sandbox version and digest, and blocks with a clear reason when bwrap is missing', async () => {
    const root = await tempDir();
    const file = await withProvider(root);
    const missing = join(root, 'no-bwrap');
    const noBwrap = await derivePlan({
      experimentFile: file,
      root,
      env: { PATH: process.env.PATH, SEARCH_TOKEN: 't', CROSSOVER_BWRAP: missing },
    });
    expect(noBwrap.plan.environment.sandbox).toEqual({ kind: 'bubblewrap', version: null, digest: null });
    expect(noBwrap.blocked).toContain(
      `sandbox bubblewrap not available: no runnable bwrap at ${missing} (install it: npm run setup as root, or apt-get install bubblewrap)`,
    );
    const real = await derivePlan({ experimentFile: file, root, env: { PATH: process.env.PATH, SEARCH_TOKEN: 't' } });
    expect(real.plan.environment).toMatchObject({
      node: process.version,
      os: process.platform,
      arch: process.arch,
      sandbox: {
        kind: 'bubblewrap',
        version: expect.stringMatching(/^\d+\.\d+/),
        digest: `sha256:${createHash('sha256')
          .update(await readFile('/usr/bin/bwrap'))
          .digest('hex')}`,
      },
    });
  });

  it('binds the bwrap at its system path, not a planted one earlier on PATH', async () => {
    const root = await tempDir();
    const file = await withProvider(root);
    const binDir = join(root, 'planted-bin');
    await mkdir(binDir);
    await writeFile(join(binDir, 'bwrap'), '#!/bin/sh\necho "bubblewrap 9.8.7"\n', { mode: 0o755 });
    const env = { PATH: `${binDir}:${process.env.PATH}`, SEARCH_TOKEN: 't' };
    const planted = await derivePlan({ experimentFile: file, root, env });
    expect(planted.plan.environment.sandbox.version).not.toBe('9.8.7');
    // The positive control: a PATH lookup, which the plan once did, finds the planted one.
    const { stdout } = await promisify(execFile)('bwrap', ['--version'], { env });
    expect(stdout.trim()).toBe('bubblewrap 9.8.7');
  });

  it('blocks a schedule larger than the trial budget instead of dropping trials', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(root, 'exp', syntheticExperiment({ budget: { maxTrials: 20 } }));
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.schedule.trials).toHaveLength(36);
    expect(derived.blocked).toEqual([
      'the schedule holds 36 trials but the budget allows 20: raise $.budget.maxTrials (limit 2000) or shrink the slice',
    ]);
  });

  it('refuses a budget above the hard limits', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(
      root,
      'exp',
      syntheticExperiment({ budget: { maxTrials: 2001, deadlineSec: 5 * 3600, trialTimeoutSec: 601 } }),
    );
    const result = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('$.budget.maxTrials');
    expect(result.err).toContain('$.budget.deadlineSec');
    expect(result.err).toContain('$.budget.trialTimeoutSec');
  });

  it("caps each task's agent timeout at the budget's per-trial timeout", async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(root, 'exp', syntheticExperiment({ budget: { trialTimeoutSec: 60 } }));
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(new Set(derived.plan.tasks.map((t) => t.timeoutSec))).toEqual(new Set([60]));
  });
});
