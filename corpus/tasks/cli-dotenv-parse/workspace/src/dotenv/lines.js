import { EnvSyntaxError } from './errors.js';

function stripComment(raw) {
  if (raw.trimStart().startsWith('#')) return '';
  const at = raw.search(/\s#/);
  return at === -1 ? raw : raw.slice(0, at);
}

const unescapedQuote = /(^|[^\\])(\\\\)*"/;

/** True when the entry's value opens a double quote that this line does not close. */
function opensMultiline(text) {
  const eq = text.indexOf('=');
  if (eq === -1) return false;
  const value = text.slice(eq + 1).trimStart();
  return value.startsWith('"') && !unescapedQuote.test(value.slice(1));
}

/**
 * Splits .env text into entries: skips blank and comment lines, strips comments and joins
 * double-quoted values that continue over several lines. Each entry remembers the line it
 * starts on.
 */
export function logicalLines(source) {
  const physical = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  const entries = [];
  let pending = null;
  physical.forEach((raw, index) => {
    if (pending) {
      pending.text += `\n${raw}`;
      if (unescapedQuote.test(raw)) {
        entries.push(pending);
        pending = null;
      }
      return;
    }
    const text = stripComment(raw).trim();
    if (text === '') return;
    const entry = { text, line: index + 1 };
    if (opensMultiline(text)) pending = entry;
    else entries.push(entry);
  });
  if (pending) throw new EnvSyntaxError('unterminated double-quoted value', pending.line);
  return entries;
}
