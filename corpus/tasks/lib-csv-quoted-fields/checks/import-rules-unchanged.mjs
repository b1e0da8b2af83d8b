import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';

const GOOGLE = [
  'Given Name,Family Name,E-mail 1 - Value,Phone 1 - Value,Organization 1 - Name',
  'Dana,Kerr,Dana.Kerr@Example.com,(0113) 496-0000,Kerr Media',
  ',,,,',
  'Eli,,not-an-email,,',
  'Fox,Lee,fox@example.com,+1 202.555.0147,,extra',
  'D.,Kerr,dana.kerr@example.com,,',
  ',,solo@example.com,,',
].join('\n');

export default async function ({ workspace }) {
  const { importContacts, summarize, skippedReportCsv, toCsv } = await loadLibrary(workspace);
  const result = importContacts(GOOGLE);
  assert.deepEqual(result.contacts, [
    { name: 'Dana Kerr', email: 'dana.kerr@example.com', phone: '01134960000', company: 'Kerr Media', notes: null },
    { name: null, email: 'solo@example.com', phone: null, company: null, notes: null },
  ]);
  assert.deepEqual(result.errors.map((e) => e.line), [3, 4, 5]);
  assert.match(result.errors[0].message, /name or an email/);
  assert.deepEqual(result.duplicates, [{ line: 6, email: 'dana.kerr@example.com' }]);
  assert.equal(summarize(result), 'Imported 2 contacts; 3 errors; 1 duplicate');
  assert.equal(skippedReportCsv(result).split('\r\n')[0], 'line,kind,detail');
  assert.equal(toCsv([['a', 'b "c"', 'd,e']]), 'a,"b ""c""","d,e"\r\n');
}
