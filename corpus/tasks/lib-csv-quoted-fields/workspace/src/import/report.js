import { toCsv } from '../csv/writer.js';

/** One line for the import dialog, e.g. "Imported 12 contacts; 2 errors; 1 duplicate". */
export function summarize({ contacts, errors, duplicates }) {
  const parts = [`Imported ${contacts.length} ${contacts.length === 1 ? 'contact' : 'contacts'}`];
  if (errors.length > 0) parts.push(`${errors.length} ${errors.length === 1 ? 'error' : 'errors'}`);
  if (duplicates.length > 0) parts.push(`${duplicates.length} ${duplicates.length === 1 ? 'duplicate' : 'duplicates'}`);
  return parts.join('; ');
}

/** The downloadable "what was skipped" file offered after an import. */
export function skippedReportCsv({ errors, duplicates }) {
  const rows = [
    ...errors.map((e) => [e.line, 'error', e.message]),
    ...duplicates.map((d) => [d.line, 'duplicate', `repeats ${d.email}`]),
  ].sort((a, b) => a[0] - b[0]);
  return toCsv([['line', 'kind', 'detail'], ...rows]);
}
