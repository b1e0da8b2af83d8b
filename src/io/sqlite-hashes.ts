import { readFile, stat } from 'node:fs/promises';
import type { SqlJsStatic } from 'sql.js';
import { CrossoverError } from '../contracts/errors.js';

/** One indexed file as the provider's database records it. */
export interface HashRow {
  path: string;
  hash: string;
}

/** Where the rows are: a table and two columns, already checked to be plain SQL identifiers. */
export interface HashTable {
  table: string;
  pathColumn: string;
  hashColumn: string;
}

let engine: Promise<SqlJsStatic> | null = null;

/**
 * sql.js (SQLite compiled to WebAssembly: no native build), loaded once per process and only when a
 * database is read: it is CommonJS, and Node parsing its exports at import time cost every trial
 * worker's start-up about 50 ms, though only the freshness check of an indexed provider needs it.
 */
function sqlite(): Promise<SqlJsStatic> {
  engine ??= import('sql.js').then((module) => module.default());
  return engine;
}

/**
 * Every (path, hash) row of `table` in the SQLite database at `file`, sorted by path. The file is
 * read into memory and never opened for writing, so an index is read as it was kept. A non-empty
 * write-ahead log beside it holds writes the file alone does not show: refused, not half-read.
 */
export async function readHashRows(file: string, where: HashTable): Promise<HashRow[]> {
  const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new CrossoverError(error.code === 'ENOENT' ? 'not-found' : 'infrastructure', `${file}: ${error.message}`);
  });
  const wal = await stat(`${file}-wal`).catch(() => null);
  if (wal !== null && wal.size > 0)
    throw new CrossoverError('invalid-input', `${file}: its write-ahead log holds writes not in the database file`);
  const SQL = await sqlite();
  let db: InstanceType<SqlJsStatic['Database']>;
  try {
    db = new SQL.Database(bytes);
  } catch (error) {
    throw new CrossoverError('invalid-input', `${file}: not an SQLite database (${(error as Error).message})`);
  }
  try {
    // SQLite reads a double-quoted name that is no column as a string: the columns are checked first.
    const columns = (db.exec(`PRAGMA table_info("${where.table}")`)[0]?.values ?? []).map((row) => String(row[1]));
    const absent = [where.pathColumn, where.hashColumn].filter((column) => !columns.includes(column));
    if (absent.length > 0)
      throw new CrossoverError(
        'invalid-input',
        `${file}: cannot read ${where.table}(${where.pathColumn}, ${where.hashColumn}): ${
          columns.length === 0 ? 'no such table' : `no column ${absent.join(', ')} (it has ${columns.join(', ')})`
        }`,
      );
    const sql = `SELECT "${where.pathColumn}", "${where.hashColumn}" FROM "${where.table}" ORDER BY 1`;
    const values = db.exec(sql)[0]?.values ?? [];
    return values.map(([path, hash]) => {
      if (typeof path !== 'string' || typeof hash !== 'string')
        throw new CrossoverError(
          'invalid-input',
          `${file}: ${where.table} holds a row whose ${where.pathColumn} or ${where.hashColumn} is not text`,
        );
      return { path, hash };
    });
  } finally {
    db.close();
  }
}
