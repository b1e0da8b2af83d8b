/**
 * Splits one record into its fields. Quotes switch quoting on and off, so a delimiter
 * between quotes stays part of the field.
 */
export function splitFields(line, delimiter) {
  const fields = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;

  for (const ch of line) {
    if (ch === '"') {
      quoted = !quoted;
      wasQuoted = true;
      continue;
    }
    if (ch === delimiter && !quoted) {
      fields.push(finishField(current, wasQuoted));
      current = '';
      wasQuoted = false;
      continue;
    }
    current += ch;
  }
  fields.push(finishField(current, wasQuoted));
  return fields;
}

// Quoted content is kept as written; unquoted fields lose the padding spreadsheets add.
function finishField(value, wasQuoted) {
  return wasQuoted ? value : value.trim();
}
