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

/** Removes credential values and absolute scratch paths from one text, then bounds it. */
export function redactText(text: string, redaction: Redaction, max = MAX_TEXT): string {
  let out = text;
  for (const secret of redaction.secrets) out = out.split(secret).join('<redacted>');
  // Longest path first, so a directory inside another gets its own placeholder.
  const paths = Object.entries(redaction.paths).sort(([a], [b]) => b.length - a.length);
  for (const [path, placeholder] of paths) out = out.split(path).join(placeholder);
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
