/**
 * Splits one record into its fields. A delimiter between quotes stays part of the field, and
 * a doubled quote inside quotes is one literal quote.
 */
export function splitFields(line, delimiter) {
  const fields = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;

  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') {
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
        continue;
      }
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
