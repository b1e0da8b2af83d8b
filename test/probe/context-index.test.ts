import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CrossoverError } from '../../src/contracts/errors.js';
import { treeDigest } from '../../src/io/tree.js';
import { buildTaskIndex, INDEX_MANIFEST, indexRevisionMatches } from '../../src/provider-runtime/context-index.js';
import { tempDir } from '../helpers/temp.js';
import { provider, sampleTask } from './support.js';

async function snapshotOf(taskDir: string): Promise<string> {
  const dest = join(await tempDir(), 'snapshot');
  await cp(join(taskDir, 'workspace'), dest, { recursive: true });
  return dest;
}

describe('per-task context identity', () => {
  it("binds an index to the task snapshot it was built from, and finds another task's index stale", async () => {
    const a = await sampleTask('task-a');
    const b = await sampleTask('task-b', 'export class Other {}\n');
    const outDir = join(await tempDir(), 'index');
    const built = await buildTaskIndex(provider(), await snapshotOf(a.dir), outDir, process.env);
    expect(built.revision).toBe(a.parts.workspace);
    expect(await indexRevisionMatches(outDir, a.parts.workspace)).toBe(true);
    expect(await indexRevisionMatches(outDir, b.parts.workspace)).toBe(false);
  });

  it('gives the same output digest for the same snapshot (the reference index is deterministic)', async () => {
    const task = await sampleTask();
    const first = await buildTaskIndex(provider(), await snapshotOf(task.dir), join(await tempDir(), 'i'), process.env);
    const second = await buildTaskIndex(
      provider(),
      await snapshotOf(task.dir),
      join(await tempDir(), 'i'),
      process.env,
    );
    expect(second.outputDigest).toBe(first.outputDigest);
  });

  it('treats an index without a manifest, or with a damaged one, as not fresh', async () => {
    const dir = await tempDir();
    const task = await sampleTask();
    expect(await indexRevisionMatches(dir, task.parts.workspace)).toBe(false);
    await writeFile(join(dir, INDEX_MANIFEST), '{ not json');
    expect(await indexRevisionMatches(dir, task.parts.workspace)).toBe(false);
  });

  it("refuses an index command that reports a revision other than the snapshot's", async () => {
    const task = await sampleTask();
    const lying = provider({
      index: { command: 'node', args: ['-e', `console.log(JSON.stringify({ revision: "sha256:${'0'.repeat(64)}" }))`] },
    });
    await expect(
      buildTaskIndex(lying, await snapshotOf(task.dir), join(await tempDir(), 'i'), process.env),
    ).rejects.toThrow(/reports revision sha256:0+, but the snapshot is/);
  });

  it('refuses to send a snapshot to a hosted provider without an approval', async () => {
    const task = await sampleTask();
    const hosted = provider({ mode: 'hosted' });
    const error = await buildTaskIndex(
      hosted,
      await snapshotOf(task.dir),
      join(await tempDir(), 'i'),
      process.env,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrossoverError);
    expect((error as CrossoverError).code).toBe('blocked');
  });

  it('refuses an index directory that already holds files, so nothing stale mixes in', async () => {
    const task = await sampleTask();
    const outDir = await tempDir();
    await writeFile(join(outDir, 'old.json'), '{}');
    await expect(buildTaskIndex(provider(), await snapshotOf(task.dir), outDir, process.env)).rejects.toThrow(
      /not empty/,
    );
  });

  it('fails an index whose storage passes the bound', async () => {
    const task = await sampleTask();
    await expect(
      buildTaskIndex(provider(), await snapshotOf(task.dir), join(await tempDir(), 'i'), process.env, {
        storageLimitBytes: 10,
      }),
    ).rejects.toThrow(/more than 10 bytes/);
  });

  it('the reference server reads the built index: find_symbol answers from it', async () => {
    const task = await sampleTask();
    const snapshot = await snapshotOf(task.dir);
    const outDir = join(await tempDir(), 'i');
    await buildTaskIndex(provider(), snapshot, outDir, process.env);
    expect(await treeDigest(snapshot)).toBe(task.parts.workspace);
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const iface = provider().interface;
    if (iface.type !== 'mcp-stdio') throw new Error('expected stdio');
    // The index says greet is on line 1; an empty workspace proves the answer came from the index.
    const empty = await tempDir();
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: iface.command,
        args: [...iface.args, '--root', empty, '--index', outDir],
        stderr: 'pipe',
      }),
    );
    try {
      const result = await client.callTool({ name: 'find_symbol', arguments: { name: 'greet' } });
      expect(result.content).toEqual([{ type: 'text', text: 'src/app.js:1: function greet' }]);
    } finally {
      await client.close();
    }
  });
});
