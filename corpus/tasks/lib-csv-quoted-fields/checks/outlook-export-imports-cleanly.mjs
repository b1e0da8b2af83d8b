import assert from 'node:assert/strict';
import { loadLibrary } from './lib/load.mjs';
import { OUTLOOK_EXPORT } from './lib/outlook.mjs';

export default async function ({ workspace }) {
  const { importContacts } = await loadLibrary(workspace);
  const result = importContacts(OUTLOOK_EXPORT);
  assert.deepEqual(result.errors, []);
  assert.deepEqual(result.duplicates, []);
  assert.deepEqual(result.contacts, [
    { name: 'Ana Lima', email: 'ana.lima@example.com', phone: '+447700900123', company: 'Lima & Sons, Ltd', notes: 'Met at the Leeds fair' },
    { name: 'Tom Baker', email: 'tom@example.org', phone: null, company: null, notes: null },
    {
      name: "Grace O'Neill",
      email: 'grace@example.net',
      phone: '07700900456',
      company: 'Acme "Rockets" Inc',
      notes: 'Prefers calls after 5pm.\r\n\r\nAssistant: Jo',
    },
    { name: 'Li Wei', email: 'li.wei@example.com', phone: null, company: 'Harbour Tech', notes: null },
  ]);
}
