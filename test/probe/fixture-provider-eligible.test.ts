import { describe, expect, it } from 'vitest';
import { ProbeRecordSchema } from '../../src/contracts/probe.js';
import { probeProvider } from '../../src/probe/probe.js';
import { tempDir } from '../helpers/temp.js';
import { provider, sampleTask } from './support.js';

describe('the reference code-search provider', () => {
  it('probes eligible in the local cohort with the same identity digest twice', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const first = await probeProvider(provider(), { sandbox: null, root, sampleTask: task });
    const second = await probeProvider(provider(), { sandbox: null, root, sampleTask: task });

    expect(first.eligibility).toEqual({
      status: 'eligible',
      cohort: 'local',
      reasons: [expect.stringMatching(/^eligible: local cohort; 2 tools/)],
    });
    expect(second.digest).toBe(first.digest);
    expect(second.identity).toEqual(first.identity);
    expect(ProbeRecordSchema.parse(first)).toEqual(first);
  });

  it('records a real handshake: server info, protocol version, instructions and a digest per tool', async () => {
    const record = await probeProvider(provider(), {
      sandbox: null,
      root: await tempDir(),
      sampleTask: await sampleTask(),
    });
    const seen = record.identity.interface;
    expect(seen?.type).toBe('mcp');
    if (seen?.type !== 'mcp') return;
    expect(seen.serverInfo).toEqual({ name: 'crossover-code-search', version: '1.0.0' });
    expect(seen.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(seen.capabilities).toContain('tools');
    expect(seen.instructionsDigest).toMatch(/^sha256:/);
    expect(seen.tools.map((t) => t.name)).toEqual(['find_symbol', 'search_code']);
    expect(new Set(seen.tools.map((t) => t.inputSchemaDigest)).size).toBe(2);
    expect(record.identity.tools).toEqual(['find_symbol', 'search_code']);
    expect(record.identity.observability).toBe('mcp-protocol');
    // Probed bare here (the unit project has no sandbox); the note says so, nothing else is limited.
    expect(record.identity.limitations).toEqual([expect.stringMatching(/^probed bare \(sandbox none\)/)]);
  });

  it("binds the index to the sample task's own snapshot revision, with timings beside the identity", async () => {
    const task = await sampleTask();
    const record = await probeProvider(provider(), { sandbox: null, root: await tempDir(), sampleTask: task });
    expect(record.identity.index).toEqual({
      status: 'ok',
      detail: null,
      sampleTask: 'sample-task',
      revision: task.parts.workspace,
    });
    expect(record.measurements.index?.outputDigest).toMatch(/^sha256:/);
    expect(record.measurements.index?.storageBytes).toBeGreaterThan(0);
    expect(record.measurements.setupMs).not.toBeNull();
    expect(JSON.stringify(record.identity)).not.toMatch(/"(ms|setupMs|storageBytes)"/);
  });

  it('gets a different identity for another task snapshot (never one provider-wide snapshot)', async () => {
    const root = await tempDir();
    const a = await probeProvider(provider(), { sandbox: null, root, sampleTask: await sampleTask('task-a') });
    const b = await probeProvider(provider(), {
      sandbox: null,
      root,
      sampleTask: await sampleTask('task-b', 'export const other = 1;\n'),
    });
    expect(b.identity.index.revision).not.toBe(a.identity.index.revision);
    expect(b.digest).not.toBe(a.digest);
  });
});
