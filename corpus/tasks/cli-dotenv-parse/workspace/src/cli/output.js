const shellQuote = (value) => `'${value.replace(/'/g, `'\\''`)}'`;

const dotenvQuote = (value) => `"${value.replace(/[\\"$\n\r\t]/g, (char) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[char] ?? `\\${char}`)}"`;

/** Renders variables for `print --format`. */
export const FORMATS = {
  json: (vars) => `${JSON.stringify(vars, null, 2)}\n`,
  shell: (vars) => Object.entries(vars).map(([key, value]) => `export ${key}=${shellQuote(value)}\n`).join(''),
  dotenv: (vars) => Object.entries(vars).map(([key, value]) => `${key}=${dotenvQuote(value)}\n`).join(''),
};
