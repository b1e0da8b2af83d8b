import { parseDotenv } from '../dotenv/parse.js';

/** A file that could not be read or parsed; `line` is set for syntax errors. */
export class EnvFileError extends Error {
  constructor(file, message, line = null) {
    super(message);
    this.name = 'EnvFileError';
    this.file = file;
    this.line = line;
  }
}

/** Reads and merges .env files left to right; `sources` records which file set each variable. */
export function loadEnvFiles(files, readFile) {
  const vars = {};
  const sources = {};
  for (const file of files) {
    let text;
    try {
      text = readFile(file);
    } catch (err) {
      throw new EnvFileError(file, err.code === 'ENOENT' ? 'no such file' : `cannot read (${err.code ?? err.message})`);
    }
    let parsed;
    try {
      parsed = parseDotenv(text, vars);
    } catch (err) {
      if (err.name === 'EnvSyntaxError') throw new EnvFileError(file, err.message, err.line);
      throw err;
    }
    for (const [key, value] of Object.entries(parsed)) {
      vars[key] = value;
      sources[key] = file;
    }
  }
  return { vars, sources };
}
