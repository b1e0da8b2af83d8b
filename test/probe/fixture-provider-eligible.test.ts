import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProbeRecord, ProbeRecordSchema } from '../../src/contracts/probe.js';
import type { LoadedTask } from '../../src/corpus/load.js';
import { probeProvider } from '../../src/probe/probe.js';
import { provider, sampleTask } from './support.js';

describe('the reference code-search provider', () => {
  // Two real probes of the provider on one sample task, shared by the tests that read one record.
  let root: string;
  let task: LoadedTask;
  let first: ProbeRecord;
  let second: ProbeRecord;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'crossover-probe-'));
    task = await sampleTask('sample-task', undefined, root);
    first = await probeProvider(provider(), { sandbox: null, root, sampleTask: task });
    second = await probeProvider(provider(), { sandbox: null, root, sampleTask: task });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('probes eligible in the local cohort with the same identity digest twice', () => {
    expect(first.eligibility).toEqual({
      status: 'eligible',
      cohort: 'local',
      reasons: [expect.stringMatching(/^eligible: local cohort; 2 tools/)],
    });
    expect(second.digest).toBe(first.digest);
    expect(second.identity).toEqual(first.identity);
    expect(ProbeRecordSchema.parse(first)).toEqual(first);
  });

  it('records a real handshake: server info, protocol version, instructions and a digest per tool', () => {
    const seen = first.identity.interface;
    expect(seen?.type).toBe('mcp');
    if (seen?.type !== 'mcp') return;
    expect(seen.serverInfo).toEqual({ name: 'crossover-code-search', version: '1.0.0' });
    expect(seen.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seen.capabilities).toContain('tools');
    expect(seen.instructionsDigest).toMatch(/^sha256:/);
    expect(seen.tools.map((t) => t.name)).toEqual(['find_symbol', 'search_code']);
    expect(new Set(seen.tools.map((t) => t.inputSchemaDigest)).size).toBe(2);
    expect(first.identity.tools).toEqual(['find_symbol', 'search_code']);
    expect(first.identity.observability).toBe('mcp-protocol');
    // Probed bare here (the unit project has no sandbox); the note says so, nothing else is limited.
    expect(first.identity.limitations).toEqual([expect.stringMatching(/^probed bare \(sandbox none\)/)]);
  });

  it("binds the index to the sample task's own snapshot revision, with timings beside the identity", () => {
    expect(first.identity.index).toEqual({
      status: 'ok',
      detail: null,
      sampleTask: 'sample-task',
      revision: task.parts.workspace,
      freshness: { status: 'skipped', detail: 'no freshness check declared' },
    });
    expect(first.measurements.index?.outputDigest).toMatch(/^sha256:/);
    expect(first.measurements.index?.storageBytes).toBeGreaterThan(0);
    expect(first.measurements.setupMs).not.toBeNull();
    expect(JSON.stringify(first.identity)).not.toMatch(/"(ms|setupMs|storageBytes)"/);
  });

  it('gets a different identity for another task snapshot (never one provider-wide snapshot)', async () => {
    const other = await sampleTask('task-b', 'export const other = 1;\n');
    const b = await probeProvider(provider(), { sandbox: null, root, sampleTask: other });
    expect(b.identity.index.revision).not.toBe(first.identity.index.revision);
    expect(b.digest).not.toBe(first.digest);
  });
});
