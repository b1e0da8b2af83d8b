/** Longest free text a probe records from a provider (error tails, server names). */
export const MAX_TEXT = 500;

export interface Redaction {
  /** credential values: replaced wherever they appear */
  secrets: readonly string[];
  /** absolute directories and the placeholder that stands for each (no absolute paths in records) */
  paths: Readonly<Record<string, string>>;
}

/** Cuts a text to `max` characters, marking the cut. */
export function boundText(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Characters of a file name: a path preceded by one is the tail of another path. */
const NAME_CHAR = '[A-Za-z0-9._+@~-]';
/** What continues a name after a path (a dot only when a name follows it: `/x/repo.` ends a sentence). */
const CONTINUES = '[A-Za-z0-9_+@~-]|\\.[A-Za-z0-9_+@~-]';

/**
 * Replaces `path` only where it is a whole path or a path's leading directories: a root `/x/repo`
 * stands for `/x/repo` and `/x/repo/bin`, never for part of `/x/repowise/bin` or `/y/x/repo`.
 */
export function replacePath(text: string, path: string, placeholder: string): string {
  if (path === '') return text;
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<!${NAME_CHAR})${escaped}(?!${CONTINUES})`, 'g');
  return text.replace(pattern, () => placeholder);
}

/** Removes credential values and absolute scratch paths from one text, then bounds it. */
export function redactText(text: string, redaction: Redaction, max = MAX_TEXT): string {
  let out = text;
  for (const secret of redaction.secrets) out = out.split(secret).join('<redacted>');
  // Longest path first, so a directory inside another gets its own placeholder.
  const paths = Object.entries(redaction.paths).sort(([a], [b]) => b.length - a.length);
  for (const [path, placeholder] of paths) out = replacePath(out, path, placeholder);
  return boundText(out, max);
}

/** Applies redactText to every string inside a JSON value (keys included). */
export function redactDeep<T>(value: T, redaction: Redaction): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redactText(node, redaction, Number.POSITIVE_INFINITY);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [redactText(key, redaction, Number.POSITIVE_INFINITY), walk(child)]),
      );
    }
    return node;
  };
  return walk(value) as T;
}
