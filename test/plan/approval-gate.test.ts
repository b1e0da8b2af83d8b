import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApprovalSchema } from '../../src/contracts/approval.js';
import { derivePlan } from '../../src/plan/derive.js';
import { tempDir } from '../helpers/temp.js';
import {
  crossover,
  SLICE_NEVER_VERIFIED,
  SMALL_CORPUS,
  syntheticExperiment,
  writeCorpus,
  writeExperiment,
} from './helpers.js';

const claude = { adapter: 'claude-code', version: '2.1.332', model: 'claude-sonnet-4-5' } as const;
const paidCommand = { adapter: 'command', command: 'true' } as const;
const env = { PATH: process.env.PATH, ANTHROPIC_API_KEY: 'sk-secret-value' };

describe('nothing that may cost money runs without an approval naming the exact plan', () => {
  it('blocks a plan with unknown pricing until `crossover approve` writes an approval for its id', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(
      root,
      'exp',
      syntheticExperiment({
        stage: 1,
        agent: claude,
        credentials: ['ANTHROPIC_API_KEY'],
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 'other', role: 'treatment', allowedTools: ['WebSearch'] },
        ],
      }),
    );
    const before = await derivePlan({ experimentFile: file, root, env });
    expect(before.plan.cost.boundUsd).toBeNull();
    expect(before.plan.approval).toEqual({
      required: true,
      reasons: ['cost unknown: 16 trials of a paid agent with no declared price ($.pricing)'],
    });
    expect(before.runnable).toBe(false);
    expect(before.blocked.some((reason) => reason.startsWith('needs approval (cost unknown'))).toBe(true);
    expect(before.summary.cost.boundUsd).toBeNull();

    // blocked until approved: the plan exits 5 (as run would) yet is written for approve to read
    const planned = await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    expect(planned.code).toBe(5);
    expect(planned.err).toContain('is blocked');
    expect(planned.err).toContain('needs approval (cost unknown');
    const approved = await crossover(root, ['approve', 'plan.json']);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toContain(`approving plan ${before.id}`);
    expect(approved.out).toContain('cost unknown');
    const [name] = await readdir(join(root, 'experiments/approvals'));
    const approval = ApprovalSchema.parse(
      JSON.parse(await readFile(join(root, 'experiments/approvals', name as string), 'utf8')),
    );
    expect(approval.planId).toBe(before.id);

    const after = await derivePlan({ experimentFile: file, root, env });
    expect(after.id).toBe(before.id);
    expect(after.blocked.some((reason) => reason.startsWith('needs approval'))).toBe(false);
    expect(after.summary.approval.approved).toBe(true);
    // still blocked by what the approval cannot fix: the agent binary and the never-verified tasks
    expect(after.blocked).toEqual([
      'agent executable not installed: run crossover agents install claude-code@2.1.332',
      SLICE_NEVER_VERIFIED,
    ]);
  });

  it('does not let an approval of one plan cover a changed plan', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const experiment = syntheticExperiment({
      stage: 1,
      agent: paidCommand,
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'other', role: 'treatment', allowedTools: ['x'] },
      ],
      pricing: { currency: 'USD', inputPerMillionTokens: 3, outputPerMillionTokens: 15 },
      worstCaseTokens: { input: 100_000, output: 10_000 },
    });
    const file = await writeExperiment(root, 'exp', experiment);
    await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    const first = await derivePlan({ experimentFile: file, root, env });
    // 16 trials × (0.1 M × $3 + 0.01 M × $15) = 16 × $0.45
    expect(first.plan.cost).toMatchObject({ pricedTrials: 16, boundUsd: 7.2, mayCostMoney: true });
    expect(first.plan.approval.reasons).toEqual(['may cost money: up to $7.20 for 16 trials at the declared price']);
    expect(first.runnable).toBe(false);
    expect((await crossover(root, ['approve', 'plan.json'])).code).toBe(0);
    // the approval lifts its own block; only the tasks never verified (a unit test runs no checks) remain
    expect((await derivePlan({ experimentFile: file, root, env })).blocked).toEqual([SLICE_NEVER_VERIFIED]);

    await writeExperiment(root, 'exp', { ...experiment, worstCaseTokens: { input: 200_000, output: 10_000 } });
    const changed = await derivePlan({ experimentFile: file, root, env });
    expect(changed.id).not.toBe(first.id);
    expect(changed.runnable).toBe(false);
    expect(changed.blocked[0]).toMatch(/^needs approval \(may cost money: up to \$12\.00/);
  });

  it('requires approval for a provider that sends source to a hosted service', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    const file = await writeExperiment(
      root,
      'exp',
      syntheticExperiment({
        providers: [
          {
            id: 'cloud',
            kind: 'search',
            mode: 'hosted',
            version: '2.0.0',
            interface: { type: 'mcp-http', url: 'https://search.example.com/mcp' },
            egress: { hosts: ['search.example.com'], sendsSource: true },
            pricing: { currency: 'USD', inputPerMillionTokens: 0, outputPerMillionTokens: 0 },
          },
        ],
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 'cloud-search', role: 'treatment', provider: 'cloud' },
        ],
      }),
    );
    const derived = await derivePlan({ experimentFile: file, root, env });
    expect(derived.plan.approval.reasons).toEqual(['sends task source to hosted provider cloud at search.example.com']);
    expect(derived.plan.egress.hosts).toEqual(['search.example.com']);
  });

  it('refuses to approve a hand-edited plan that claims to need no approval', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(
      root,
      'exp',
      syntheticExperiment({
        agent: paidCommand,
        arms: [
          { id: 'baseline', role: 'baseline' },
          { id: 'other', role: 'treatment', allowedTools: ['x'] },
        ],
        pricing: { currency: 'USD', inputPerMillionTokens: 3, outputPerMillionTokens: 15 },
        worstCaseTokens: { input: 100_000, output: 10_000 },
      }),
    );
    expect((await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json'])).code).toBe(5);
    const plan = JSON.parse(await readFile(join(root, 'plan.json'), 'utf8'));
    plan.approval = { required: false, reasons: [] };
    await writeFile(join(root, 'plan.json'), JSON.stringify(plan));
    const result = await crossover(root, ['approve', 'plan.json']);
    expect(result.code).toBe(4);
    expect(result.err).toContain('has drifted and cannot be approved');
    expect(result.err).toContain('approval.required: false → true');
    expect(result.out).not.toContain('needs no approval');
  });

  it('says a plan that costs nothing needs no approval', async () => {
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', syntheticExperiment());
    await crossover(root, ['plan', 'experiments/exp.ts', '--out', 'plan.json']);
    const result = await crossover(root, ['approve', 'plan.json']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('needs no approval');
  });
});
