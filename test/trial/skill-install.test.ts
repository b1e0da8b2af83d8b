import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/contracts/canonical.js';
import type { PlannedArm } from '../../src/contracts/plan.js';
import { loadTask } from '../../src/corpus/load.js';
import { treeDigest } from '../../src/io/tree.js';
import { executeTrial } from '../../src/trial/execute.js';
import { tempDir } from '../helpers/temp.js';
import { trialSpec } from '../helpers/trial-spec.js';
import { PAGES_TASK } from './hostile.js';

/** A command agent that succeeds only when the skill is in its home and the preloaded skill is in its prompt. */
const CHECKS_ITS_SKILLS =
  'p=$(cat); test -f "$HOME/.agents/skills/alpha/SKILL.md" && printf %s "$p" | grep -q "## Preloaded skill: alpha" && printf %s "$p" | grep -q "Use alpha wisely"';

async function pack(root: string): Promise<string> {
  await mkdir(join(root, 'pack/alpha'), { recursive: true });
  await writeFile(join(root, 'pack/alpha/SKILL.md'), '---\nname: alpha\ndescription: a\n---\n\nUse alpha wisely.\n');
  return treeDigest(join(root, 'pack/alpha'));
}

function arm(skills: PlannedArm['skills']): PlannedArm {
  return {
    id: 'skilled',
    role: 'treatment',
    agent: {
      spec: { adapter: 'command', command: CHECKS_ITS_SKILLS, version: '1' },
      executableDigest: null,
      promptTemplateDigest: digestOf('p'),
    },
    provider: null,
    allowedTools: [],
    instructionFiles: [],
    skills,
  };
}

describe('skills in the run home', () => {
  it("installs the arm's skill where its agent discovers it and preloads the task's skill into the prompt", async () => {
    const root = await tempDir();
    const digest = await pack(root);
    const skills = { dir: 'pack', installed: [{ name: 'alpha', digest }], preloaded: [{ name: 'alpha', digest }] };
    const task = await loadTask(PAGES_TASK);
    const { body: receipt } = await executeTrial(trialSpec(task, arm(skills), { root, expectedSkill: 'alpha' }));
    expect(receipt.findings.filter((f) => f.kind === 'agent' || f.kind === 'contamination')).toEqual([]);
    expect(receipt.status).toBe('failed');
    // The control: the same agent without the skill, or with another task's skill, is an agent error.
    const { body: without } = await executeTrial(trialSpec(task, arm(null), { root, expectedSkill: 'alpha' }));
    expect(without.status).toBe('agent-error');
    const { body: otherTask } = await executeTrial(trialSpec(task, arm(skills), { root, expectedSkill: 'none' }));
    expect(otherTask.status).toBe('agent-error');
  });

  it('runs nothing when a skill changed after planning: drift', async () => {
    const root = await tempDir();
    const digest = await pack(root);
    await appendFile(join(root, 'pack/alpha/SKILL.md'), 'x');
    const skills = { dir: 'pack', installed: [{ name: 'alpha', digest }], preloaded: [] };
    const { body: receipt } = await executeTrial(trialSpec(await loadTask(PAGES_TASK), arm(skills), { root }));
    expect(receipt.status).toBe('drift');
    expect(receipt.findings.map((f) => f.detail).join('\n')).toMatch(
      /skill alpha \(pack\/alpha\) no longer has the digest/,
    );
  });
});
