import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { experimentLayout } from '../../src/io/layout.js';
import { tempDir } from '../helpers/temp.js';
import {
  crossover,
  SLICE_NEVER_VERIFIED,
  SMALL_CORPUS,
  syntheticExperiment,
  writeCorpus,
  writeExperiment,
  writeProbeRecord,
} from './helpers.js';

async function registered(experiment = syntheticExperiment()): Promise<string> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await writeExperiment(root, 'exp', experiment);
  const planned = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
  expect(planned.code, planned.err).toBe(0);
  return root;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('a drifted plan is named, never silently replaced', () => {
  it('passes --check when nothing changed', async () => {
    const root = await registered();
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('no drift');
  });

  it('names the one task whose hidden check changed by one byte', async () => {
    const root = await registered();
    await appendFile(join(root, 'corpus/tasks/web-b/checks/fixed.mjs'), ' ');
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toMatch(/- task web-b: digest changed/);
    expect(result.err.match(/- task /g)).toHaveLength(1);
    expect(result.err).not.toContain('- corpus');
  });

  it('names the command agent when one byte of its declared script changes', async () => {
    const agent = { adapter: 'command' as const, command: './agents/mine/agent.sh', files: ['agents/mine'] };
    const experiment = syntheticExperiment({
      stage: 1,
      sandbox: 'bubblewrap',
      agent,
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'better', role: 'treatment', allowedTools: ['x'] },
      ],
    });
    const root = await tempDir();
    await mkdir(join(root, 'agents/mine'), { recursive: true });
    await writeFile(join(root, 'agents/mine/agent.sh'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', experiment);
    // blocked until its tasks are verified (a unit test runs no checks), but written: the plan to check against
    const planned = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    expect(planned.code, planned.err).toBe(5);
    expect(planned.err).toContain(SLICE_NEVER_VERIFIED);
    expect((await crossover(root, ['plan', '--check', 'plan.json'])).out).toContain('no drift');
    await appendFile(join(root, 'agents/mine/agent.sh'), '# edited\n');
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain("arm baseline's command agent files changed");
  });

  it('names the prompt template when its bytes change', async () => {
    const root = await registered();
    await appendFile(join(root, 'experiments/prompts/default.md'), 'Be brief.\n');
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain('- prompt-template experiments/prompts/default.md: digest changed');
  });

  it('names the provider when its server file or its probe record (its tool list) changes', async () => {
    const experiment = syntheticExperiment({
      providers: [
        {
          id: 'search',
          kind: 'search',
          mode: 'local',
          version: '1.0.0',
          interface: { type: 'mcp-stdio', command: 'node', args: ['../providers/server.mjs'] },
          allowedTools: ['search_code'],
        },
      ],
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'with-search', role: 'treatment', provider: 'search' },
      ],
    });
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', experiment);
    await mkdir(join(root, 'providers'));
    await writeFile(join(root, 'providers/server.mjs'), '// server v1\n');
    const probes = experimentLayout(root, 'exp').probesDir;
    await mkdir(probes, { recursive: true });
    await writeProbeRecord(probes, experiment.providers![0]!, 'v1');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    expect(planned.code, planned.err).toBe(0);

    await writeProbeRecord(probes, experiment.providers![0]!, 'v2');
    const probeChanged = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(probeChanged.code).toBe(4);
    expect(probeChanged.err).toContain('- provider search: probe record changed');

    await writeProbeRecord(probes, experiment.providers![0]!, 'v1');
    await writeFile(join(root, 'providers/server.mjs'), '// server v2\n');
    const fileChanged = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(fileChanged.code).toBe(4);
    expect(fileChanged.err).toContain('- provider search: providers/server.mjs changed');
  });

  it('names the experiment when the definition itself changes', async () => {
    const root = await registered();
    await writeExperiment(root, 'exp', syntheticExperiment({ repeats: 3 }));
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain("- experiment repeats: the experiment's repeats changed: repeats: 2 → 3");
  });

  it('shows the old and the new value of a changed budget, cut to one readable line', async () => {
    const root = await registered();
    const title = 'x'.repeat(500);
    await writeExperiment(root, 'exp', syntheticExperiment({ title, budget: { maxTrials: 10 } }));
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain("the experiment's budget changed: budget.maxTrials: 300 → 10");
    const titleLine = result.err.split('\n').find((line) => line.includes('experiment.title'));
    expect(titleLine).toMatch(/experiment\.title: null → "x+…/);
    expect(titleLine!.length).toBeLessThan(200);
  });

  it('names a changed CROSSOVER_MODEL as the cause of a changed agent model', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(
      root,
      'exp',
      syntheticExperiment({ agent: { adapter: 'claude-code', version: '2.1.332', model: 'MODEL' } }),
    );
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace('"MODEL"', 'process.env.CROSSOVER_MODEL ?? "claude-sonnet-4-5"'));
    vi.stubEnv('CROSSOVER_MODEL', 'claude-sonnet-4-5');
    // blocked (the agent is not installed), but written: the registered plan to check against
    expect((await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json'])).code).toBe(5);
    vi.stubEnv('CROSSOVER_MODEL', 'claude-opus-4-1');
    const result = await crossover(root, ['plan', '--check', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain(
      'agent.model: "claude-sonnet-4-5" → "claude-opus-4-1" (the environment variable CROSSOVER_MODEL is now "claude-opus-4-1")',
    );
  });
});
