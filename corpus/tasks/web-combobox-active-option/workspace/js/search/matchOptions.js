export const MAX_OPTIONS = 8;

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A query matches when it starts a word of the label; "(" counts as a word start so codes match. */
function wordStartPattern(query) {
  return new RegExp(`(^|[\\s(])${escapeRegExp(query)}`, 'i');
}

/** The options for a query, in list order, at most MAX_OPTIONS. An empty query shows the first ones. */
export function matchOptions(options, query) {
  const trimmed = query.trim();
  if (trimmed === '') return options.slice(0, MAX_OPTIONS);
  const pattern = wordStartPattern(trimmed);
  return options.filter((option) => pattern.test(option.label)).slice(0, MAX_OPTIONS);
}

/** Splits a label into [before, match, after] around the first word-start match, for <mark>. */
export function splitMatch(label, query) {
  const trimmed = query.trim();
  if (trimmed === '') return [label, '', ''];
  const match = wordStartPattern(trimmed).exec(label);
  if (!match) return [label, '', ''];
  const start = match.index + match[1].length;
  return [label.slice(0, start), label.slice(start, start + trimmed.length), label.slice(start + trimmed.length)];
}
