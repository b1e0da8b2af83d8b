import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// Files without tricky quoting already read correctly and must keep doing so.
export default async function ({ workspace }) {
  const { parseCsv, parseTable, detectDelimiter } = await loadLibrary(workspace);

  assert.deepEqual(parseCsv('a,b,c\n1,2,3\n'), [['a', 'b', 'c'], ['1', '2', '3']]);
  assert.deepEqual(parseCsv('a,b\n1,2'), [['a', 'b'], ['1', '2']], 'no trailing newline');
  assert.deepEqual(parseCsv('a,b\r\n1,2\r\n'), [['a', 'b'], ['1', '2']], 'CRLF endings');
  assert.deepEqual(parseCsv('\uFEFFa,b\n1,2\n'), [['a', 'b'], ['1', '2']], 'BOM');
  assert.deepEqual(parseCsv('a,b,c\n  x , , z  \n'), [['a', 'b', 'c'], ['x', '', 'z']], 'unquoted fields are trimmed');
  assert.deepEqual(parseCsv('a,b\n"  padded  ","1,5"\n'), [['a', 'b'], ['  padded  ', '1,5']], 'quoted fields are kept as written');
  assert.deepEqual(parseCsv('a\n\n1\n   \n2\n'), [['a'], ['1'], ['2']], 'blank lines are skipped');
  assert.deepEqual(parseCsv('a,b\n,\n'), [['a', 'b'], ['', '']], 'a line of empty fields is a record');

  assert.equal(detectDelimiter('Name;E-mail;Telefon\nA;b;c\n'), ';');
  assert.equal(detectDelimiter('Name\tEmail\nA\tb\n'), '\t');
  assert.equal(detectDelimiter('Name,Email\n'), ',');
  assert.deepEqual(parseCsv('x;y\n1;"2;3"\n'), [['x', 'y'], ['1', '2;3']], 'detected semicolons');

  const table = parseTable('name,email\n\nAnn,ann@example.com\nBob\n');
  assert.deepEqual(table.columns, ['name', 'email']);
  assert.deepEqual(
    table.rows.map((r) => [r.line, r.values]),
    [
      [3, { name: 'Ann', email: 'ann@example.com' }],
      [4, { name: 'Bob', email: '' }],
    ],
  );
}
