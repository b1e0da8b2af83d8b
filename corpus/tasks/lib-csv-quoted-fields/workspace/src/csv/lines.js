const BOM = '\uFEFF';

export function stripBom(text) {
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/** Splits text into physical lines, accepting both \n and \r\n endings. */
export function splitLines(text) {
  const lines = text.split(/\r?\n/);
  // A trailing newline does not start another line.
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
