/**
 * Splits CSV text into records (RFC 4180). A quoted field may hold the delimiter, line
 * breaks and doubled quotes (`""` is one `"`), so records are found while reading fields,
 * never by splitting lines first. Each record carries the line of the text it starts on.
 */
export function readRecords(text, delimiter) {
  const records = [];
  let fields = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;

  function endField() {
    fields.push(finishField(field, wasQuoted));
    field = '';
    wasQuoted = false;
  }

  function endRecord() {
    // A blank (or whitespace-only) line between records is not a record.
    const blank = fields.length === 0 && !wasQuoted && field.trim() === '';
    endField();
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
  }

  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === delimiter) {
      endField();
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
    }
  }
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return records;
}

// Quoted content is kept as written; unquoted fields lose the padding spreadsheets add.
function finishField(value, wasQuoted) {
  return wasQuoted ? value : value.trim();
}
