const NEEDS_QUOTES = /[",\r\n\t;]|^\s|\s$/;

function quote(value, delimiter) {
  const text = value === null || value === undefined ? '' : String(value);
  if (!NEEDS_QUOTES.test(text) && !text.includes(delimiter)) return text;
  return `"${text.replaceAll('"', '""')}"`;
}

/** Writes rows (arrays of values) as CSV with \r\n line endings, quoting where needed. */
export function toCsv(rows, { delimiter = ',' } = {}) {
  return rows.map((row) => row.map((value) => quote(value, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
