import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { taskSnapshot } from '../../src/corpus/snapshot.js';
import { readTreeModel, treeDigest } from '../../src/io/tree.js';
import { IN_TREE_DIR, indexRevisionMatches } from '../../src/provider-runtime/context-index.js';
import { ensureTaskIndex } from '../../src/trial/task-index.js';
import { tempDir } from '../helpers/temp.js';
import { provider, sampleTask } from '../probe/support.js';

/** An index command that counts its runs in `counter` and writes an in-tree index into the tree it indexes. */
function countingProvider(counter: string, flavour = 'a') {
  const script = [
    "const fs = require('node:fs');",
    `fs.appendFileSync(${JSON.stringify(counter)}, ${JSON.stringify(`${flavour}\n`)});`,
    "fs.mkdirSync('.idx', { recursive: true });",
    `fs.writeFileSync('.idx/db', ${JSON.stringify(flavour)} + fs.readFileSync('src/app.js', 'utf8'));`,
  ].join(' ');
  return provider({ id: 'counting', index: { command: 'node', args: ['-e', script], inTree: ['.idx'] } });
}

/** Where the hashing provider keeps its per-file hashes, relative to the tree it indexes. */
const HASHES_DB = '.idx/hashes.db';

/**
 * An index command that counts its runs and records src/app.js in an SQLite table, as CodeGraph
 * does: its sha256, or `hash` when given (an indexer whose hashes never match the tree).
 */
function hashingProvider(counter: string, hash?: string) {
  const sqlJs = createRequire(import.meta.url).resolve('sql.js');
  const script = [
    "const fs = require('node:fs');",
    `fs.appendFileSync(${JSON.stringify(counter)}, ${JSON.stringify('built\n')});`,
    "const sha = require('node:crypto').createHash('sha256').update(fs.readFileSync('src/app.js')).digest('hex');",
    `require(${JSON.stringify(sqlJs)})().then((SQL) => {`,
    'const db = new SQL.Database();',
    "db.run('CREATE TABLE files (path TEXT, content_hash TEXT)');",
    `db.run('INSERT INTO files VALUES (?, ?)', ['src/app.js', ${hash === undefined ? 'sha' : JSON.stringify(hash)}]);`,
    `fs.mkdirSync('.idx', { recursive: true }); fs.writeFileSync(${JSON.stringify(HASHES_DB)}, db.export());`,
    '});',
  ].join(' ');
  const freshness = {
    database: HASHES_DB,
    table: 'files',
    pathColumn: 'path',
    hashColumn: 'content_hash',
    algorithm: 'sha256' as const,
    sources: { suffixes: ['.js'] },
  };
  return provider({ id: 'hashing', index: { command: 'node', args: ['-e', script], inTree: ['.idx'], freshness } });
}

async function runs(counter: string): Promise<string[]> {
  const text = await readFile(counter, 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line !== '');
}

describe('the snapshot and index caches', () => {
  it('eight concurrent trials repairing one damaged snapshot all get the intact snapshot, none fails', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const first = (await taskSnapshot(root, task)).dir;
    await writeFile(join(first, 'src/app.js'), 'damaged by an unsandboxed agent\n');
    const all = (await Promise.all(Array.from({ length: 8 }, () => taskSnapshot(root, task)))).map((s) => s.dir);
    expect(new Set(all)).toEqual(new Set([first]));
    expect(await treeDigest(first)).toBe(task.parts.workspace);
  });

  it("gives the starting tree's model it checked, and refuses a task changed on disk after it was loaded: drift", async () => {
    const task = await sampleTask();
    const snapshot = await taskSnapshot(await tempDir(), task);
    expect(snapshot.model).toEqual(await readTreeModel(join(task.dir, 'workspace')));
    await writeFile(join(task.dir, 'workspace/src/app.js'), 'edited after loading\n');
    await expect(taskSnapshot(await tempDir(), task)).rejects.toMatchObject({ code: 'drift' });
  });

  it('eight concurrent trials needing one index wait on one builder: the index command runs once', async () => {
    const root = await tempDir();
    const counter = join(await tempDir(), 'runs');
    const task = await sampleTask();
    const declaration = countingProvider(counter);
    const dirs = await Promise.all(
      Array.from({ length: 8 }, () =>
        ensureTaskIndex({ sandbox: null, root, provider: declaration, identity: declaration, baseDir: root, task }),
      ),
    );
    expect(new Set(dirs).size).toBe(1);
    expect(await runs(counter)).toEqual(['a']);
    expect(await indexRevisionMatches(dirs[0] as string, task.parts.workspace)).toBe(true);
  });

  it('indexes a private copy: the shared snapshot is untouched and the in-tree index is kept in the index directory', async () => {
    const root = await tempDir();
    const counter = join(await tempDir(), 'runs');
    const task = await sampleTask();
    const declaration = countingProvider(counter);
    const dir = await ensureTaskIndex({
      sandbox: null,
      root,
      provider: declaration,
      identity: declaration,
      baseDir: root,
      task,
    });
    const snapshot = (await taskSnapshot(root, task)).dir;
    expect(await readdir(snapshot)).toEqual(['src']);
    expect(await treeDigest(snapshot)).toBe(task.parts.workspace);
    expect(await readFile(join(dir, IN_TREE_DIR, '.idx/db'), 'utf8')).toContain('hello');
  });

  it('two declarations of one provider id each get their own index, one after the other', async () => {
    const root = await tempDir();
    const counter = join(await tempDir(), 'runs');
    const task = await sampleTask();
    const one = countingProvider(counter, 'one');
    const two = countingProvider(counter, 'two');
    const first = await ensureTaskIndex({ sandbox: null, root, provider: one, identity: one, baseDir: root, task });
    const second = await ensureTaskIndex({ sandbox: null, root, provider: two, identity: two, baseDir: root, task });
    expect(second).not.toBe(first);
    expect(await runs(counter)).toEqual(['one', 'two']);
    expect(await readFile(join(first, IN_TREE_DIR, '.idx/db'), 'utf8')).toMatch(/^one/);
    expect(await readFile(join(second, IN_TREE_DIR, '.idx/db'), 'utf8')).toMatch(/^two/);
    // Asked again, each declaration is served its own index, built no more.
    await ensureTaskIndex({ sandbox: null, root, provider: one, identity: one, baseDir: root, task });
    expect(await runs(counter)).toEqual(['one', 'two']);
  });

  it('an index command that writes into the tree outside its declared in-tree paths is refused', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const writer = provider({
      id: 'writer',
      index: { command: 'node', args: ['-e', "require('node:fs').writeFileSync('stray.txt', 'x')"] },
    });
    await expect(
      ensureTaskIndex({ sandbox: null, root, provider: writer, identity: writer, baseDir: root, task }),
    ).rejects.toThrow(/changed the tree it indexed/);
    expect(await treeDigest((await taskSnapshot(root, task)).dir)).toBe(task.parts.workspace);
  });

  it('a cached index whose recorded revision matches but whose hashes are stale is rebuilt, not served', async () => {
    const root = await tempDir();
    const counter = join(await tempDir(), 'runs');
    const task = await sampleTask();
    const declaration = hashingProvider(counter);
    const ask = () =>
      ensureTaskIndex({ sandbox: null, root, provider: declaration, identity: declaration, baseDir: root, task });
    const dir = await ask();
    expect(await runs(counter)).toEqual(['built']);
    await ask();
    expect(await runs(counter)).toEqual(['built']);
    // The cached database now records another content for src/app.js; its manifest still matches.
    const SQL = await initSqlJs();
    const stale = new SQL.Database();
    stale.run('CREATE TABLE files (path TEXT, content_hash TEXT)');
    stale.run('INSERT INTO files VALUES (?, ?)', ['src/app.js', createHash('sha256').update('old').digest('hex')]);
    await writeFile(join(dir, IN_TREE_DIR, HASHES_DB), stale.export());
    expect(await indexRevisionMatches(dir, task.parts.workspace)).toBe(true);
    expect(await ask()).toBe(dir);
    expect(await runs(counter)).toEqual(['built', 'built']);
    const rows = new SQL.Database(await readFile(join(dir, IN_TREE_DIR, HASHES_DB))).exec(
      'SELECT content_hash FROM files',
    );
    const app = await readFile(join(task.dir, 'workspace/src/app.js'));
    expect(rows[0]?.values).toEqual([[createHash('sha256').update(app).digest('hex')]]);
  });

  it('an index still stale after its rebuild fails with the freshness reason (the trial is setup-failed with it)', async () => {
    const root = await tempDir();
    const task = await sampleTask();
    const declaration = hashingProvider(join(await tempDir(), 'runs'), 'f'.repeat(64));
    await expect(
      ensureTaskIndex({ sandbox: null, root, provider: declaration, identity: declaration, baseDir: root, task }),
    ).rejects.toThrow('provider "hashing": freshness: src/app.js changed since it was indexed (after a rebuild)');
  });
});
