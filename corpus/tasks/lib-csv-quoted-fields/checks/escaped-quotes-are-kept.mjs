import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

export default async function ({ workspace }) {
  const { parseCsv } = await loadLibrary(workspace);
  assert.deepEqual(parseCsv('name,quote\nAnn,"She said ""hi"" twice"\n'), [
    ['name', 'quote'],
    ['Ann', 'She said "hi" twice'],
  ]);
  assert.deepEqual(parseCsv('a,b,c\n"""",x,""\n'), [
    ['a', 'b', 'c'],
    ['"', 'x', ''],
  ]);
  assert.deepEqual(parseCsv('title;size\n"12"" ruler; steel";"30 cm"\n', { delimiter: ';' }), [
    ['title', 'size'],
    ['12" ruler; steel', '30 cm'],
  ]);
  assert.deepEqual(parseCsv('company\t"Acme ""Rockets"" Inc"\n', { delimiter: '\t' }), [['company', 'Acme "Rockets" Inc']]);
}
