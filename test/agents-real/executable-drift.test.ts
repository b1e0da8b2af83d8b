import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestBytes } from '../../src/contracts/canonical.js';
import { agentPrefix } from '../../src/io/agent-install.js';
import { fileDigest } from '../../src/io/file-digest.js';
import { derivePlan } from '../../src/plan/derive.js';
import { checkDrift } from '../../src/plan/drift.js';
import { tempDir } from '../helpers/temp.js';
import { SMALL_CORPUS, verifyTasks, writeCorpus, writeExperiment } from '../plan/helpers.js';

const AGENT = { adapter: 'claude-code', version: '2.1.332', model: 'claude-sonnet-4-5' } as const;

/** A pinned install as `crossover agents install` leaves it, with a small stand-in executable. */
async function fakeInstall(root: string, bytes: string): Promise<string> {
  const prefix = agentPrefix(root, AGENT.adapter, AGENT.version);
  const executable = join(prefix, 'node_modules/@anthropic-ai/claude-code/bin/claude.exe');
  await mkdir(join(executable, '..'), { recursive: true });
  await writeFile(executable, bytes);
  await chmod(executable, 0o755);
  const record = {
    schema: 'crossover.agent-install/1',
    adapter: AGENT.adapter,
    version: AGENT.version,
    package: '@anthropic-ai/claude-code',
    launcher: 'node_modules/.bin/claude',
    executable: 'node_modules/@anthropic-ai/claude-code/bin/claude.exe',
    digest: digestBytes(bytes),
  };
  await writeFile(join(prefix, 'crossover-agent.json'), JSON.stringify(record));
  return executable;
}

async function project(): Promise<{ root: string; file: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  const file = await writeExperiment(root, 'real', {
    id: 'real',
    stage: 1,
    corpus: '../corpus',
    agent: AGENT,
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'again', role: 'treatment' },
    ],
    repeats: 2,
    promptTemplate: 'prompts/default.md',
    pricing: { currency: 'USD', inputPerMillionTokens: 0, outputPerMillionTokens: 0 },
    worstCaseTokens: { input: 1, output: 1 },
    sandbox: 'none',
  });
  return { root, file };
}

describe('the installed agent executable in a plan', () => {
  it('blocks a plan while the pinned agent is not installed', async () => {
    const { root, file } = await project();
    const derived = await derivePlan({ experimentFile: file, root });
    expect(derived.plan.arms[0]?.agent.executableDigest).toBeNull();
    expect(derived.blocked).toContain(
      'agent executable not installed: run crossover agents install claude-code@2.1.332',
    );
  });

  it("binds the executable's digest, and a changed executable is drift and blocks re-planning", async () => {
    const { root, file } = await project();
    const executable = await fakeInstall(root, '#!/bin/sh\necho claude\n');
    await verifyTasks(root, ['api-a', 'api-c', 'web-b', 'web-c']);
    const derived = await derivePlan({ experimentFile: file, root });
    expect(derived.runnable, derived.blocked.join('\n')).toBe(true);
    expect(derived.plan.arms.map((arm) => arm.agent.executableDigest)).toEqual([
      digestBytes('#!/bin/sh\necho claude\n'),
      digestBytes('#!/bin/sh\necho claude\n'),
    ]);
    expect(await checkDrift({ plan: derived.plan, root })).toEqual([]);

    await writeFile(executable, '#!/bin/sh\necho patched\n');
    expect(await fileDigest(executable)).toBe(digestBytes('#!/bin/sh\necho patched\n'));
    const drifts = await checkDrift({ plan: derived.plan, root });
    expect(drifts.filter((d) => d.what === 'agent-executable').map((d) => d.id)).toEqual(['baseline', 'again']);
    const replanned = await derivePlan({ experimentFile: file, root });
    expect(replanned.blocked.join('\n')).toMatch(
      /agent executable claude-code@2\.1\.332 changed since it was installed/,
    );
  });
});
