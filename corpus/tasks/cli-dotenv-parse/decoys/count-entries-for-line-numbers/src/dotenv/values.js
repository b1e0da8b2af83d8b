import { EnvSyntaxError } from './errors.js';

const ESCAPES = { n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\', $: '$' };
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ESCAPE_OR_VARIABLE = /\\(.)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}/gs;

/** ${VAR} from the variables defined so far; an unknown variable expands to ''. */
function expand(value, defined) {
  return value.replace(VARIABLE, (_, name) => defined[name] ?? '');
}

/** Escapes and ${VAR} in one pass, so an escaped \$ stays a literal dollar sign. */
function expandDoubleQuoted(body, defined) {
  return body.replace(ESCAPE_OR_VARIABLE, (match, escaped, name) =>
    escaped !== undefined ? (ESCAPES[escaped] ?? match) : (defined[name] ?? ''),
  );
}

/** Index of the quote closing the one at index 0 (a double quote may be escaped), or -1. */
function closingQuote(value, quote) {
  for (let i = 1; i < value.length; i += 1) {
    if (quote === '"' && value[i] === '\\') i += 1;
    else if (value[i] === quote) return i;
  }
  return -1;
}

/** The value of one entry: everything after the '=', as written in the file. */
export function parseValue(raw, defined) {
  const value = raw.trim();
  const quote = value[0];
  if (quote === "'" || quote === '"') {
    const name = quote === '"' ? 'double' : 'single';
    const close = closingQuote(value, quote);
    if (close === -1) throw new EnvSyntaxError(`missing the closing ${name} quote`);
    // Inside the quotes '#' is an ordinary character; after them only a comment may follow.
    if (!/^\s*(#.*)?$/s.test(value.slice(close + 1))) {
      throw new EnvSyntaxError(`unexpected characters after the closing ${name} quote`);
    }
    const body = value.slice(1, close);
    return quote === "'" ? body : expandDoubleQuoted(body, defined);
  }
  const unquoted = raw.replace(/\s#.*$/s, '').trim();
  if (unquoted.includes('"') || unquoted.includes("'")) {
    throw new EnvSyntaxError(`quotes must enclose the whole value: ${JSON.stringify(unquoted)}`);
  }
  return expand(unquoted, defined);
}
