/**
 * The one place text is made fit for an artifact: credentials replaced by value, this machine's
 * absolute paths replaced by names, and the result cut to a bound. Receipts, findings, evidence,
 * probe records, drift messages and trial pages all go through it, so they follow one rule;
 * `test/architecture/one-redactor.test.ts` fails if another replace-based redactor appears.
 */

/** What stands for a credential's value wherever it appeared. */
export const REDACTED = '<redacted>';

/** Marks where `clip` cut a text. */
export const CUT_MARK = '…';

export interface Redaction {
  /** credential values: replaced wherever they appear */
  secrets: readonly string[];
  /** absolute directories and the placeholder that stands for each (no absolute paths in records) */
  paths: Readonly<Record<string, string>>;
}

/** Host variables whose values are treated as credentials even when undeclared. */
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION/i;
/** Shorter values are not redacted: "1" or "true" would blank out ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/**
 * The values of `env` a record must never hold: the declared credentials' and any variable whose
 * name looks like a secret's, longest first.
 */
export function secretValues(env: Readonly<Record<string, string | undefined>>, declared: readonly string[]): string[] {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH) continue;
    if (declared.includes(name) || SECRET_NAME.test(name)) secrets.add(value);
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Both redactions at once: every secret and every path of either (the later one's placeholder wins). */
export function combineRedactions(first: Redaction, second: Redaction): Redaction {
  const secrets = [...new Set([...first.secrets, ...second.secrets])].filter((s) => s.length >= MIN_SECRET_LENGTH);
  return { secrets: secrets.sort((a, b) => b.length - a.length), paths: { ...first.paths, ...second.paths } };
}

/** Characters of a file name: a path preceded by one is the tail of another path. */
const NAME_CHAR = '[A-Za-z0-9._+@~-]';
/** What continues a name after a path (a dot only when a name follows it: `/x/repo.` ends a sentence). */
const CONTINUES = '[A-Za-z0-9_+@~-]|\\.[A-Za-z0-9_+@~-]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Every credential and path replaced in one pass, longest first: replacing one after another
 * would let a placeholder's neighbour match again ("<trial>/tmp" becoming "<trial><tmp>"). A path
 * counts only as a whole path or a path's leading directories: a root `/x/repo` stands for
 * `/x/repo` and `/x/repo/bin`, never for part of `/x/repowise/bin` or `/y/x/repo`.
 */
export function redact(text: string, redaction: Redaction): string {
  const replacements = new Map<string, string>([
    ...Object.entries(redaction.paths).filter(([path]) => path !== ''),
    ...redaction.secrets.filter((secret) => secret !== '').map((secret): [string, string] => [secret, REDACTED]),
  ]);
  if (replacements.size === 0) return text;
  const paths = new Set(Object.keys(redaction.paths));
  const alternatives = [...replacements.keys()]
    .sort((a, b) => b.length - a.length)
    .map((key) => (paths.has(key) ? `(?<!${NAME_CHAR})${escapeRegExp(key)}(?!${CONTINUES})` : escapeRegExp(key)));
  return text.replace(new RegExp(alternatives.join('|'), 'g'), (found) => replacements.get(found) ?? found);
}

/** Every occurrence of each of `values` replaced by `placeholder`: a hidden value cut out of a message. */
export function withoutValues(text: string, values: Iterable<string>, placeholder: string): string {
  let out = text;
  for (const value of values) if (value.length > 0) out = out.split(value).join(placeholder);
  return out;
}

/** Every match of `pattern` (a global regular expression) replaced by `placeholder`: a kind of value cut out of a text. */
export function withoutMatches(text: string, pattern: RegExp, placeholder: string): string {
  return text.replace(pattern, () => placeholder);
}

/** Applies `redact` to every string inside a JSON value, keys included. */
export function redactDeep<T>(value: T, redaction: Redaction): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') return redact(node, redaction);
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [redact(key, redaction), walk(child)]));
    }
    return node;
  };
  return walk(value) as T;
}

/**
 * The length rule: a text of at most `limit` characters is kept whole; a longer one keeps its
 * start and ends with `mark`, `limit` characters in all, the mark included.
 */
export function clip(text: string, limit: number, mark = CUT_MARK): string {
  if (text.length <= limit) return text;
  if (mark.length >= limit) return mark.slice(0, limit);
  return `${text.slice(0, limit - mark.length)}${mark}`;
}

/** As `clip`, keeping the end: the mark first, then the text's last characters, `limit` in all. */
export function clipEnd(text: string, limit: number, mark = CUT_MARK): string {
  if (text.length <= limit) return text;
  if (mark.length >= limit) return mark.slice(0, limit);
  return `${mark}${text.slice(text.length - (limit - mark.length))}`;
}

/** Redacted, then clipped to `limit`: the usual way text enters an artifact. */
export function redactAndClip(text: string, redaction: Redaction, limit: number): string {
  return clip(redact(text, redaction), limit);
}
