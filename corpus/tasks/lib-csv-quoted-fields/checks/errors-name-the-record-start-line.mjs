import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

// A tab-separated export where the first record spans lines 2-4.
const TSV = [
  'Name\tEmail\tNotes', //                                   line 1
  'Ann Ito\tann@example.com\t"Loves ""quiet"" tables', //     line 2
  'Allergic to nuts', //                                      line 3
  'Ask for\tthe window seat"', //                             line 4
  'Bob Ray\tbob(at)example.com\t', //                         line 5
  '', //                                                      line 6
  '\t\tno name, no email', //                                 line 7
  'Ann I.\tANN@example.com\t', //                             line 8
  'Cy Moss\tcy@example.com\t', //                             line 9
  '',
].join('\n');

export default async function ({ workspace }) {
  const { importContacts } = await loadLibrary(workspace);
  const result = importContacts(TSV);
  assert.deepEqual(result.errors.map((e) => e.line), [5, 7], `error lines: ${JSON.stringify(result.errors)}`);
  assert.deepEqual(result.duplicates, [{ line: 8, email: 'ann@example.com' }]);
  assert.deepEqual(result.contacts.map((c) => c.name), ['Ann Ito', 'Cy Moss']);
  assert.equal(result.contacts[0].notes, 'Loves "quiet" tables\nAllergic to nuts\nAsk for\tthe window seat');
}
