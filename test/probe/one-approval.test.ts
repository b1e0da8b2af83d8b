import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApprovalSchema } from '../../src/contracts/approval.js';
import type { ExperimentInput } from '../../src/contracts/experiment.js';
import { loopbackHttpMcp } from '../helpers/http-mcp.js';
import { tempDir } from '../helpers/temp.js';
import { crossover, SMALL_CORPUS, syntheticExperiment, writeCorpus, writeExperiment } from '../plan/helpers.js';

/** An experiment whose treatment uses a hosted MCP server (a stand-in on loopback): its egress needs an approval. */
function hostedExperiment(url: string): ExperimentInput {
  return syntheticExperiment({
    providers: [
      {
        id: 'wiki',
        kind: 'wiki-rag',
        mode: 'hosted',
        version: '3.0.0',
        interface: { type: 'mcp-http', url },
        egress: { hosts: [], sendsSource: false },
        pricing: { currency: 'USD', inputPerMillionTokens: 0, outputPerMillionTokens: 0 },
      },
    ],
    arms: [
      { id: 'baseline', role: 'baseline' },
      { id: 'wiki', role: 'treatment', provider: 'wiki', allowedTools: ['search_code'] },
    ],
  });
}

/** `crossover <argv>` in `root`, the probe bare (the unit project has no sandbox). */
function run(root: string, argv: string[]) {
  return crossover(root, argv[0] === 'probe' ? [...argv, '--sandbox', 'none'] : argv);
}

describe('one approval step covers cost and egress, and the probe reads it', () => {
  it('probe → plan (writes plan.json) → approve → probe → plan: runnable, with no second approval', async () => {
    const { url } = await loopbackHttpMcp();
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', hostedExperiment(url));

    const blockedProbe = await run(root, ['probe', 'experiments/exp.ts']);
    expect(blockedProbe.code).toBe(5);
    expect(blockedProbe.out).toContain('wiki: blocked');
    expect(blockedProbe.err).toContain(
      'arm wiki needs provider wiki, whose probe is blocked (egress-not-approved: hosted provider reaching 127.0.0.1',
    );
    expect(blockedProbe.err).toContain(
      'run crossover plan experiments/exp.ts (it writes plan.json), crossover approve <that plan.json>',
    );

    const firstPlan = await run(root, ['plan', 'experiments/exp.ts']);
    expect(firstPlan.code).toBe(5);
    const written = /^wrote (\S+plan\.json)$/m.exec(firstPlan.out)?.[1];
    expect(written, firstPlan.out).toMatch(/^\.crossover\/exp\/[0-9a-f]{16}\/plan\.json$/);
    expect(existsSync(join(root, written as string))).toBe(true);
    expect(firstPlan.err).toContain(`needs approval (reaches hosted provider wiki at 127.0.0.1`);
    expect(firstPlan.err).toContain(`(it declares that no task source is sent)): run crossover approve ${written}`);

    const approved = await run(root, ['approve', written as string]);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toContain(
      'next: crossover probe experiments/exp.ts (it may now reach wiki), then crossover run experiments/exp.ts',
    );
    const [name] = await readdir(join(root, 'experiments/approvals'));
    const approval = ApprovalSchema.parse(
      JSON.parse(await readFile(join(root, 'experiments/approvals', name as string), 'utf8')),
    );
    expect(approval.egress?.map((e) => e.provider)).toEqual(['wiki']);

    const eligibleProbe = await run(root, ['probe', 'experiments/exp.ts']);
    expect(eligibleProbe.code, eligibleProbe.err).toBe(0);
    expect(eligibleProbe.out).toContain('wiki: eligible (hosted)');

    // the probe changed the plan's id, but nothing the approval covered: no second approval
    const secondPlan = await run(root, ['plan', 'experiments/exp.ts']);
    expect(secondPlan.code, secondPlan.err).toBe(0);
    expect(secondPlan.out).not.toContain(written as string);
    expect(secondPlan.out).toContain(`approved by experiments/approvals/${name}`);
    expect(secondPlan.out).toContain('RUNNABLE');
    expect(secondPlan.out).toContain('next: crossover run experiments/exp.ts');
  });

  it('lets no approval of one declaration open the egress of another', async () => {
    const { url } = await loopbackHttpMcp();
    const root = await tempDir();
    await writeCorpus(root, SMALL_CORPUS);
    await writeExperiment(root, 'exp', hostedExperiment(url));
    const written = /^wrote (\S+)$/m.exec((await run(root, ['plan', 'experiments/exp.ts'])).out)?.[1] as string;
    expect((await run(root, ['approve', written])).code).toBe(0);
    // the same experiment id, another server: the approval names the first declaration only
    const other = await loopbackHttpMcp({ name: 'other' });
    await writeExperiment(root, 'exp', hostedExperiment(other.url));
    const probe = await run(root, ['probe', 'experiments/exp.ts']);
    expect(probe.code).toBe(5);
    expect(probe.out).toContain('wiki: blocked');
    expect(probe.out).toContain('egress-not-approved');
  });
});
