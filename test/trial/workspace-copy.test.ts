import { execFile } from 'node:child_process';
import { chmod, lstat, mkdir, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AGENT_GID, AGENT_UID, handOver } from '../../src/io/sandbox.js';
import { readTreeModel, treeDigest } from '../../src/io/tree.js';
import { freshWorkspace } from '../../src/trial/workspace.js';
import { tempDir } from '../helpers/temp.js';

const run = promisify(execFile);
const AGENT = { kind: 'unprivileged', uid: AGENT_UID, gid: AGENT_GID } as const;

/** A snapshot-like tree: a file, an executable, an empty directory and a relative in-tree link. */
async function snapshotTree(): Promise<string> {
  const snapshot = join(await tempDir(), 'snapshot');
  await mkdir(join(snapshot, 'bin'), { recursive: true });
  await mkdir(join(snapshot, 'empty'));
  await writeFile(join(snapshot, 'a.txt'), 'start\n');
  await writeFile(join(snapshot, 'bin/run.sh'), '#!/bin/sh\n', { mode: 0o755 });
  await symlink('../a.txt', join(snapshot, 'bin/a'));
  return snapshot;
}

/** Outside the workspace, owned by root: what a link left in it points at. */
async function outsideTargets(): Promise<{ file: string; dir: string }> {
  const outside = await tempDir();
  await writeFile(join(outside, 'secret'), 'root only\n');
  await mkdir(join(outside, 'dir'));
  return { file: join(outside, 'secret'), dir: join(outside, 'dir') };
}

describe("a trial's workspace copy and its hand-over to the agent", () => {
  it('is a copy of the snapshot with its modes, empty directories and links verbatim; writing it leaves the snapshot as it was', async () => {
    const snapshot = await snapshotTree();
    const before = await treeDigest(snapshot);
    const workspace = await freshWorkspace(join(await tempDir(), 'trial'), snapshot);
    expect(await readTreeModel(workspace)).toEqual(await readTreeModel(snapshot));
    expect(await readlink(join(workspace, 'bin/a'))).toBe('../a.txt');
    await handOver([workspace], AGENT);
    // What the agent's uid can do to every file it was given: write, truncate, chmod.
    await run(
      '/usr/bin/setpriv',
      [
        `--reuid=${AGENT_UID}`,
        `--regid=${AGENT_GID}`,
        '--clear-groups',
        '/bin/sh',
        '-c',
        'echo changed > a.txt && echo changed > bin/run.sh && chmod 644 bin/run.sh && echo new > empty/file',
      ],
      { cwd: workspace },
    );
    expect(await treeDigest(snapshot)).toBe(before);
    expect(await treeDigest(workspace)).not.toBe(before);
  });

  it('gives every entry to the agent uid, links themselves, and nothing they point at outside', async () => {
    const workspace = await freshWorkspace(join(await tempDir(), 'trial'), await snapshotTree());
    const { file, dir } = await outsideTargets();
    await symlink(file, join(workspace, 'to-file'));
    await symlink(dir, join(workspace, 'to-dir'));
    await chmod(workspace, 0o700);
    await handOver([workspace], AGENT);
    for (const path of ['', 'a.txt', 'bin', 'bin/run.sh', 'bin/a', 'empty', 'to-file', 'to-dir'])
      expect((await lstat(join(workspace, path))).uid, path || '.').toBe(AGENT_UID);
    expect((await stat(file)).uid).toBe(0);
    expect((await stat(dir)).uid).toBe(0);
  });

  it('a chown that follows links gives the outside file away (the test is real)', async () => {
    const workspace = await freshWorkspace(join(await tempDir(), 'trial'), await snapshotTree());
    const { file } = await outsideTargets();
    await symlink(file, join(workspace, 'to-file'));
    await run('/bin/chown', ['-R', '-L', `${AGENT_UID}:${AGENT_GID}`, '--', workspace]);
    expect((await stat(file)).uid).toBe(AGENT_UID);
  });
});
