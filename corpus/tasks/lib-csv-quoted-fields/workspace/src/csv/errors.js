/** A file that cannot be read as a table at all (as opposed to a bad record, which is reported). */
export class CsvError extends Error {
  constructor(message, line) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'CsvError';
    this.line = line;
  }
}
