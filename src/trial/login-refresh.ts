type JsonPath = readonly string[];
type Json = Record<string, unknown>;

/** What an agent's own token refresh changes in its login file: its bearer tokens, and the field saying when. */
interface RefreshShape {
  tokens: JsonPath[];
  /** a number (Claude Code's expiry, epoch ms) or an ISO date (Codex's last refresh) that a refresh moves forward */
  clock: JsonPath;
}

/** Keyed by the login file's name (io/login-home.ts LOGIN_FILES). */
const SHAPES: Readonly<Record<string, RefreshShape>> = {
  '.credentials.json': {
    tokens: [
      ['claudeAiOauth', 'accessToken'],
      ['claudeAiOauth', 'refreshToken'],
    ],
    clock: ['claudeAiOauth', 'expiresAt'],
  },
  'auth.json': {
    tokens: [
      ['tokens', 'access_token'],
      ['tokens', 'refresh_token'],
      ['tokens', 'id_token'],
    ],
    clock: ['last_refresh'],
  },
};

/** A token is a few kilobytes at most (an id token); a longer value is not one. */
const TOKEN_LIMIT = 16 * 1024;
/** Shorter values are not redacted: they would blank out ordinary text. */
const MIN_SECRET_LENGTH = 8;

/** What the lease does with the login the agent left. */
export interface RefreshVerdict {
  /** the login to write back; null: nothing is */
  write: Buffer | null;
  /** why what the agent left is not a refresh; null when it is one, or when nothing a refresh changes changed */
  refused: string | null;
  /** fields the agent changed that a refresh does not change: never written back */
  ignored: string[];
}

function get(value: unknown, path: JsonPath): unknown {
  return path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Json)[key] : undefined),
    value,
  );
}

function set(value: Json, path: JsonPath, to: unknown): void {
  const parent = path.slice(0, -1).reduce<Json>((at, key) => at[key] as Json, value);
  parent[path.at(-1) as string] = to;
}

function parseObject(bytes: Buffer): Json | null {
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

/** Leaf paths (dot-joined, the first five, each cut short) where `a` and `b` differ, leaving out `skip`. */
function differences(a: unknown, b: unknown, skip: readonly JsonPath[], at: string[] = []): string[] {
  if (skip.some((path) => path.join('.') === at.join('.'))) return [];
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (!objects || Array.isArray(a) || Array.isArray(b))
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [at.join('.').slice(0, 60) || '(the whole file)'];
  const keys = [...new Set([...Object.keys(a as Json), ...Object.keys(b as Json)])].sort();
  return keys.flatMap((key) => differences((a as Json)[key], (b as Json)[key], skip, [...at, key])).slice(0, 5);
}

function advanced(before: unknown, after: unknown): boolean {
  if (typeof before === 'number' && typeof after === 'number') return after > before;
  if (typeof before === 'string' && typeof after === 'string') return Date.parse(after) > Date.parse(before);
  return false;
}

function isToken(value: unknown, before: unknown): boolean {
  return value === before || (typeof value === 'string' && value.length > 0 && value.length <= TOKEN_LIMIT);
}

/**
 * The login to write back after a trial (issue 34: the lease must not be a channel between
 * trials): only the credential fields the login format defines, and only when they changed the
 * way a refresh changes them (new tokens, the clock moved forward). Every other change the agent
 * made is left out (`ignored`); anything else keeps none of what it left.
 */
export function refreshOf(file: string, original: Buffer, now: Buffer): RefreshVerdict {
  if (now.equals(original)) return { write: null, refused: null, ignored: [] };
  const shape = SHAPES[file];
  const before = parseObject(original);
  const after = parseObject(now);
  if (shape === undefined || before === null || after === null)
    return { write: null, refused: `the agent left ${file} not a whole login`, ignored: [] };
  const ignored = differences(before, after, [...shape.tokens, shape.clock]);
  const kept = (refused: string | null) => ({ write: null, refused, ignored });
  if (!shape.tokens.some((path) => get(after, path) !== get(before, path))) return kept(null);
  if (!shape.tokens.every((path) => isToken(get(after, path), get(before, path))))
    return kept(`the agent left values in ${file} that are not tokens`);
  if (!advanced(get(before, shape.clock), get(after, shape.clock)))
    return kept(
      `the tokens in ${file} changed but ${shape.clock.join('.')} did not move forward, as a refresh moves it`,
    );
  const merged = structuredClone(before);
  for (const path of [...shape.tokens, shape.clock])
    if (get(after, path) !== undefined && get(before, path.slice(0, -1)) !== undefined)
      set(merged, path, get(after, path));
  return { write: Buffer.from(JSON.stringify(merged)), refused: null, ignored };
}

/** The bearer values of a login file (its tokens; every long string of a login of no known shape): redacted wherever text is kept. */
export function loginSecrets(file: string, bytes: Buffer): string[] {
  const login = parseObject(bytes);
  if (login === null) return [];
  const shape = SHAPES[file];
  const values = shape === undefined ? stringLeaves(login) : shape.tokens.map((path) => get(login, path));
  return values.filter((value): value is string => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH);
}

function stringLeaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(stringLeaves);
}
