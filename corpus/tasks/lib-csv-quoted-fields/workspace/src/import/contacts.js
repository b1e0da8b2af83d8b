import { parseTable } from '../csv/reader.js';
import { mapColumns } from './columns.js';
import { dedupeByEmail } from './dedupe.js';
import { isPlausibleEmail, joinName, normalizeEmail, normalizePhone } from './normalize.js';

function toContact(values, mapping) {
  const get = (field) => (mapping[field] === undefined ? '' : values[mapping[field]]);
  const name = get('name').trim() || joinName(get('firstName'), get('lastName'));
  return {
    name: name === '' ? null : name,
    email: normalizeEmail(get('email')),
    phone: normalizePhone(get('phone')),
    company: get('company').trim() || null,
    notes: get('notes') === '' ? null : get('notes'),
  };
}

function problemWith(contact, extra, columnCount) {
  if (extra.length > 0) return `has ${columnCount + extra.length} fields but the header has ${columnCount}`;
  if (contact.name === null && contact.email === null) return 'needs a name or an email';
  if (contact.email !== null && !isPlausibleEmail(contact.email)) return `"${contact.email}" is not an email address`;
  return null;
}

/**
 * Reads a contacts export. Bad records are reported with the line they start on and
 * skipped; the rest are imported.
 */
export function importContacts(text, { delimiter } = {}) {
  const { columns, rows } = parseTable(text, { delimiter });
  const mapping = mapColumns(columns);
  const errors = [];
  const accepted = [];
  for (const { line, values, extra } of rows) {
    const contact = toContact(values, mapping);
    const problem = problemWith(contact, extra, columns.length);
    if (problem) errors.push({ line, message: problem });
    else accepted.push({ line, contact });
  }
  const { unique, duplicates } = dedupeByEmail(accepted);
  return { contacts: unique.map((entry) => entry.contact), errors, duplicates };
}
