import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedAgent, registerAgent } from '../../src/agents/registry.js';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { agentIdentity } from '../../src/plan/agent-identity.js';
import { executeTrial } from '../../src/trial/execute.js';
import { writeStandInAdapter } from '../helpers/stand-in-agent.js';
import { tempDir } from '../helpers/temp.js';
import { trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

/** The task's fix: a partly filled last page counts. */
const FIXED = 'export function pageCount(total, perPage) {\n  return Math.ceil(total / perPage);\n}\n';

let folder: string;
let unregister: () => void;

// The adapter lives in a temporary folder and is registered for this file only: nothing in src/ names it.
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'crossover-stand-in-'));
  unregister = registerAgent(await writeStandInAdapter(folder));
});
afterAll(async () => {
  unregister();
  await rm(folder, { recursive: true, force: true });
});

describe('an agent adapter added as one folder and one registration', () => {
  it('runs a real trial: the plan binds it, its agent edits the workspace in bubblewrap, the hidden checks grade it', async () => {
    const root = await tempDir();
    const spec = checkedAgent({ adapter: 'stand-in', file: 'src/pages.js', content: FIXED });
    expect(spec).toMatchObject({ label: 'v1' }); // its own schema's default, filled in by the registry
    const { identity, blocked } = await agentIdentity(spec, digestOf('prompt'), root);
    expect(blocked).toEqual([]);
    const arm: PlannedArm = {
      id: 'baseline',
      role: 'baseline',
      agent: identity,
      provider: null,
      allowedTools: [],
      instructionFiles: [],
      skills: null,
    };
    const { body: receipt } = await executeTrial(trialSpec(await loadTask(PAGES_TASK), arm, { root }));
    expect(receipt.agent).toEqual({ adapter: 'stand-in', version: 'v1' });
    expect(receipt.synthetic).toBe(false);
    expect(receipt.sandbox.kind).toBe('bubblewrap');
    expect(receipt.checks.map((check) => [check.id, check.status])).toEqual([
      ['partial-last-page', 'pass'],
      ['fewer-items-than-a-page', 'pass'],
      ['slices-pages', 'pass'],
    ]);
    expect(receipt.status).toBe('passed');
    expect(receipt.changes?.files.map((file) => file.path)).toEqual(['src/pages.js']);
  });

  it('the same adapter writing the wrong fix fails the hidden checks: the grade is its edit, not its registration', async () => {
    const root = await tempDir();
    const spec = checkedAgent({ adapter: 'stand-in', file: 'src/pages.js', content: 'export const x = 1;\n' });
    const arm: PlannedArm = {
      id: 'baseline',
      role: 'baseline',
      agent: (await agentIdentity(spec, digestOf('prompt'), root)).identity,
      provider: null,
      allowedTools: [],
      instructionFiles: [],
      skills: null,
    };
    const { body: receipt } = await executeTrial(trialSpec(await loadTask(PAGES_TASK), arm, { root }));
    expect(receipt.status).toBe('failed');
  });
});
