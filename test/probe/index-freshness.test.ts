import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../src/contracts/errors.js';
import { type Provider, type ProviderInput, ProviderSchema } from '../../src/contracts/provider.js';
import { readTreeModel } from '../../src/io/tree.js';
import { IN_TREE_DIR, indexFreshness } from '../../src/provider-runtime/context-index.js';
import { tempDir } from '../helpers/temp.js';

const SQL = await initSqlJs();

const SOURCES: Record<string, string> = {
  'src/index.js': "export { pageCount } from './pages.js';\n",
  'src/pages.js': 'export function pageCount(n, size) { return Math.ceil(n / size); }\n',
  'package.json': '{"type":"module"}\n',
  'node_modules/dep/index.js': 'module.exports = 1;\n',
};

function declaration(freshness: Record<string, unknown> = {}): ProviderInput {
  return {
    id: 'graph',
    kind: 'graph',
    mode: 'local',
    version: '1.0.0',
    interface: { type: 'mcp-stdio', command: 'graph', args: ['serve'] },
    index: {
      command: 'graph',
      args: ['init'],
      inTree: ['.graph'],
      freshness: {
        database: '.graph/graph.db',
        table: 'files',
        pathColumn: 'path',
        hashColumn: 'content_hash',
        algorithm: 'sha256',
        sources: { suffixes: ['.js'], skipDirectories: ['node_modules'] },
        ...freshness,
      },
    },
  };
}

const PROVIDER: Provider = ProviderSchema.parse(declaration());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A task snapshot holding `files`. */
async function snapshot(files: Record<string, string> = SOURCES): Promise<string> {
  const dir = join(await tempDir(), 'snapshot');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** An index directory whose in-tree database has one row per [path, hash], built with sql.js. */
async function indexWith(rows: [string, string | Uint8Array][]): Promise<string> {
  const indexDir = join(await tempDir(), 'index');
  const db = new SQL.Database();
  db.run('CREATE TABLE files (path TEXT PRIMARY KEY, content_hash TEXT, language TEXT)');
  for (const [path, hash] of rows) db.run('INSERT INTO files VALUES (?, ?, ?)', [path, hash, 'javascript']);
  const file = join(indexDir, IN_TREE_DIR, '.graph/graph.db');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, db.export());
  db.close();
  return indexDir;
}

/** The rows a provider writes for the snapshot's source files, as it indexed them. */
function indexedRows(): [string, string][] {
  return [
    ['src/index.js', sha256(SOURCES['src/index.js']!)],
    ['src/pages.js', sha256(SOURCES['src/pages.js']!)],
  ];
}

async function check(indexDir: string, snapshotDir: string, provider: Provider = PROVIDER) {
  return indexFreshness(provider, indexDir, await readTreeModel(snapshotDir));
}

describe("the declared freshness check: the provider's per-file hashes against the snapshot's tree", () => {
  it('finds an index whose rows match every source file fresh (package.json and node_modules are not its sources)', async () => {
    expect(await check(await indexWith(indexedRows()), await snapshot())).toEqual({ fresh: true });
  });

  it('finds a changed file stale, naming it', async () => {
    const changed = { ...SOURCES, 'src/pages.js': 'export function pageCount() { return 0; }\n' };
    expect(await check(await indexWith(indexedRows()), await snapshot(changed))).toEqual({
      fresh: false,
      detail: 'src/pages.js changed since it was indexed',
    });
  });

  it('finds a source file with no row stale, and a row for a file the snapshot lacks', async () => {
    const rows = indexedRows().filter(([path]) => path !== 'src/index.js');
    expect(await check(await indexWith(rows), await snapshot())).toEqual({
      fresh: false,
      detail: 'src/index.js is missing from the index',
    });
    const extra = [...indexedRows(), ['src/gone.js', sha256('x')] as [string, string]];
    expect(await check(await indexWith(extra), await snapshot())).toEqual({
      fresh: false,
      detail: 'src/gone.js is indexed but not in the snapshot',
    });
  });

  it('never calls an index with an empty table fresh, even for a tree with no source file', async () => {
    const noSources = await snapshot({ 'README.md': '# nothing to index\n' });
    expect(await check(await indexWith([]), noSources)).toEqual({
      fresh: false,
      detail: '.graph/graph.db lists no file in files: nothing is indexed',
    });
  });

  it('finds an index whose database is missing, unreadable or of another shape not fresh, naming it relative to the tree', async () => {
    const empty = join(await tempDir(), 'index');
    const missing = await check(empty, await snapshot());
    expect(missing).toMatchObject({ fresh: false, detail: expect.stringMatching(/^cannot read the index's hashes: /) });
    expect(JSON.stringify(missing)).not.toContain(empty);
    const otherShape = ProviderSchema.parse(declaration({ hashColumn: 'sha1' }));
    expect(await check(await indexWith(indexedRows()), await snapshot(), otherShape)).toMatchObject({
      fresh: false,
      detail: expect.stringContaining('.graph/graph.db: cannot read files(path, sha1): no column sha1 (it has path,'),
    });
    const otherTable = ProviderSchema.parse(declaration({ table: 'file_hashes' }));
    expect(await check(await indexWith(indexedRows()), await snapshot(), otherTable)).toMatchObject({
      fresh: false,
      detail: expect.stringContaining('cannot read file_hashes(path, content_hash): no such table'),
    });
    const notText = await indexWith([['src/index.js', new Uint8Array([0xde, 0xad])]]);
    expect(await check(notText, await snapshot())).toMatchObject({
      fresh: false,
      detail: expect.stringContaining('whose path or content_hash is not text'),
    });
  });

  it('refuses a database whose write-ahead log holds writes the file does not show', async () => {
    const indexDir = await indexWith(indexedRows());
    await writeFile(join(indexDir, IN_TREE_DIR, '.graph/graph.db-wal'), 'pending frames');
    expect(await check(indexDir, await snapshot())).toMatchObject({
      fresh: false,
      detail: expect.stringContaining('write-ahead log holds writes not in the database file'),
    });
  });

  it('names the field of a bad declaration: an SQL identifier that is not one, a database outside the in-tree index', () => {
    expect(() =>
      parseWith(ProviderSchema, declaration({ table: 'files; DROP TABLE files' }), 'providers.json'),
    ).toThrow(/providers\.json: invalid\n {2}\$\.index\.freshness\.table: expected an SQL identifier/);
    expect(() => parseWith(ProviderSchema, declaration({ database: 'elsewhere/graph.db' }), 'providers.json')).toThrow(
      /\$\.index\.freshness\.database: expected a path inside one of index\.inTree \(\.graph\)/,
    );
    expect(() => parseWith(ProviderSchema, declaration({ algorithm: 'md5' }), 'providers.json')).toThrow(
      /\$\.index\.freshness\.algorithm: /,
    );
    expect(() => parseWith(ProviderSchema, declaration({ sources: { suffixes: [] } }), 'providers.json')).toThrow(
      /\$\.index\.freshness\.sources\.suffixes: /,
    );
  });
});
