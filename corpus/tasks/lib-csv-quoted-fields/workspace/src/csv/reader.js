import { detectDelimiter } from './dialect.js';
import { CsvError } from './errors.js';
import { splitLines, stripBom } from './lines.js';
import { splitFields } from './tokenizer.js';

function readRecords(text, delimiter) {
  const records = [];
  splitLines(text).forEach((line, index) => {
    if (line.trim() === '') return;
    records.push({ line: index + 1, fields: splitFields(line, delimiter) });
  });
  return records;
}

function resolveDelimiter(text, delimiter) {
  const chosen = delimiter ?? detectDelimiter(text);
  if (typeof chosen !== 'string' || chosen.length !== 1 || chosen === '"' || chosen === '\n' || chosen === '\r') {
    throw new CsvError(`unsupported delimiter ${JSON.stringify(chosen)}`);
  }
  return chosen;
}

/** Every record of a CSV/TSV text as an array of field strings. */
export function parseCsv(text, { delimiter } = {}) {
  const body = stripBom(text);
  return readRecords(body, resolveDelimiter(body, delimiter)).map((record) => record.fields);
}

/**
 * The first record names the columns; every other record becomes `{ line, values, extra }`
 * where `line` is the line of the text the record starts on and `extra` holds fields beyond
 * the last column (callers decide whether that is an error). Missing trailing fields read as ''.
 */
export function parseTable(text, { delimiter } = {}) {
  const body = stripBom(text);
  const [head, ...records] = readRecords(body, resolveDelimiter(body, delimiter));
  if (!head) throw new CsvError('the file is empty');
  const columns = head.fields.map((name) => name.trim());
  const rows = records.map(({ line, fields }) => ({
    line,
    values: Object.fromEntries(columns.map((column, i) => [column, fields[i] ?? ''])),
    extra: fields.slice(columns.length),
  }));
  return { columns, rows };
}
