export { parseCsv, parseTable } from './csv/reader.js';
export { detectDelimiter } from './csv/dialect.js';
export { toCsv } from './csv/writer.js';
export { CsvError } from './csv/errors.js';
export { importContacts } from './import/contacts.js';
export { summarize, skippedReportCsv } from './import/report.js';
