/** A .env syntax error; `line` is the 1-based line in the file where the offending entry starts. */
export class EnvSyntaxError extends Error {
  constructor(message, line = null) {
    super(message);
    this.name = 'EnvSyntaxError';
    this.line = line;
  }
}
