import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProviderInput } from '../../src/contracts/provider.js';
import { experimentLayout } from '../../src/io/layout.js';
import { tempDir } from '../helpers/temp.js';
import {
  crossover,
  SMALL_CORPUS,
  syntheticExperiment,
  writeCorpus,
  writeExperiment,
  writeProbeRecord,
} from './helpers.js';

const SEARCH: ProviderInput = {
  id: 'search',
  kind: 'search',
  mode: 'local',
  version: '1.0.0',
  interface: { type: 'mcp-http', url: 'http://127.0.0.1:9/mcp' },
  allowedTools: ['search_code'],
};

/** A probed experiment whose one treatment uses the provider; returns the probe record's path. */
async function probedProject(): Promise<{ root: string; record: string }> {
  const root = await tempDir();
  await writeCorpus(root, SMALL_CORPUS);
  await writeExperiment(
    root,
    'exp',
    syntheticExperiment({
      providers: [SEARCH],
      arms: [
        { id: 'baseline', role: 'baseline' },
        { id: 'with-search', role: 'treatment', provider: 'search' },
      ],
    }),
  );
  const probes = experimentLayout(root, 'exp').probesDir;
  await writeProbeRecord(probes, SEARCH);
  return { root, record: join(probes, 'search.json') };
}

async function replaceOnce(path: string, from: string, to: string): Promise<void> {
  const text = await readFile(path, 'utf8');
  expect(text).toContain(from);
  await writeFile(path, text.replace(from, to));
}

describe('planning trusts a probe record only as the probe wrote it', () => {
  it('binds an untouched record (the positive control)', async () => {
    const { root } = await probedProject();
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code, planned.err).toBe(0);
  });

  it('refuses a record with one byte of its identity changed, naming $.digest', async () => {
    const { root, record } = await probedProject();
    await replaceOnce(record, '"search_code"', '"search_cods"');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code).toBe(2);
    expect(planned.err).toContain(`${record}: $.digest is sha256:`);
    expect(planned.err).toContain('the record was changed after the probe');
  });

  it('refuses a record with one byte of its measurements changed, naming $.recordDigest', async () => {
    const { root, record } = await probedProject();
    await replaceOnce(record, '"setupMs":null', '"setupMs":0');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code).toBe(2);
    expect(planned.err).toContain(`${record}: $.recordDigest does not match the record's content`);
  });

  it('refuses a record whose eligibility was edited to something its identity does not decide', async () => {
    const { root, record } = await probedProject();
    await replaceOnce(record, '"cohort":"local"', '"cohort":"hosted"');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code).toBe(2);
    expect(planned.err).toContain(`${record}: $.eligibility is not what its identity decides`);
  });

  it("refuses another provider's record under this provider's name, naming $.provider", async () => {
    const { root, record } = await probedProject();
    await replaceOnce(record, '"provider":"search"', '"provider":"other"');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code).toBe(2);
    expect(planned.err).toContain(`${record}: $.provider: expected "search", got "other"`);
  });

  it('refuses a record that is not a probe record, naming the field', async () => {
    const { root, record } = await probedProject();
    await replaceOnce(record, '"crossover.probe/1"', '"crossover.probe/9"');
    const planned = await crossover(root, ['plan', 'experiments/exp.ts']);
    expect(planned.code).toBe(2);
    expect(planned.err).toContain('$.schema');
  });
});
