import { EnvSyntaxError } from './errors.js';

// Only whole-line comments are dropped here; whether a later '#' starts a comment depends on
// quoting, which parseValue knows about.
const isComment = (raw) => raw.trimStart().startsWith('#');

const unescapedQuote = /(^|[^\\])(\\\\)*"/;

/** True when the entry's value opens a double quote that this line does not close. */
function opensMultiline(text) {
  const eq = text.indexOf('=');
  if (eq === -1) return false;
  const value = text.slice(eq + 1).trimStart();
  return value.startsWith('"') && !unescapedQuote.test(value.slice(1));
}

/**
 * Splits .env text into entries: skips blank and comment lines and joins
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
    const text = raw.trim();
    if (text === '' || isComment(raw)) return;
    const entry = { text, line: index + 1 };
    if (opensMultiline(text)) pending = entry;
    else entries.push(entry);
  });
  if (pending) throw new EnvSyntaxError('unterminated double-quoted value', pending.line);
  return entries;
}
