import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { parseCsv } = await loadLibrary(workspace);
  assert.deepEqual(parseCsv('name,address,city\n"Ann","12 High St\nFlat 3",Leeds\nBob,"1 Low Rd",York\n'), [
    ['name', 'address', 'city'],
    ['Ann', '12 High St\nFlat 3', 'Leeds'],
    ['Bob', '1 Low Rd', 'York'],
  ]);
  // A blank line inside quotes is part of the field, not a gap between records.
  assert.deepEqual(parseCsv('id,notes\n1,"para one\n\npara two"\n2,x\n'), [
    ['id', 'notes'],
    ['1', 'para one\n\npara two'],
    ['2', 'x'],
  ]);
  // Quoted content is kept exactly as written, including \r\n line breaks.
  assert.deepEqual(parseCsv('id,notes\r\n1,"a\r\nb, c"\r\n2,"""quoted""\r\nline"\r\n'), [
    ['id', 'notes'],
    ['1', 'a\r\nb, c'],
    ['2', '"quoted"\r\nline'],
  ]);
}
