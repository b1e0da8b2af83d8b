import type { z } from 'zod';

/** Stable codes; only `src/cli` turns them into exit codes. */
export type ErrorCode = 'invalid-input' | 'not-found' | 'conflict' | 'drift' | 'blocked' | 'refused' | 'infrastructure';

export class CrossoverError extends Error {
  override name = 'CrossoverError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** `$.arms[2].role`: the JSON path of an issue, as a reader would type it. */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/**
 * A union none of whose options matched says only "Invalid input"; the option that came closest
 * (fewest issues, the first on a tie) says which field was wrong, so its issues are reported instead.
 */
function closestOption(issue: z.core.$ZodIssueInvalidUnion): z.core.$ZodIssue[] | null {
  const options = issue.errors.filter((errors) => errors.length > 0);
  if (options.length === 0) return null;
  const closest = options.reduce((best, errors) => (errors.length < best.length ? errors : best));
  return closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }));
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const closest = issue.code === 'invalid_union' ? closestOption(issue) : null;
  if (closest !== null) return closest.map(describeIssue).join('\n  ');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => `${jsonPath([...issue.path, key])}: unknown field (not allowed here)`).join('\n  ');
  }
  return `${jsonPath(issue.path)}: ${issue.message}`;
}

/**
 * Parses `data` with `schema`, or throws an error naming the source, each field's path and what was
 * expected. `at` is where `data` sits in its document, when it is only a part of it.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  source: string,
  at: readonly PropertyKey[] = [],
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => describeIssue({ ...issue, path: [...at, ...issue.path] }));
  throw new CrossoverError('invalid-input', `${source}: invalid\n  ${lines.join('\n  ')}`);
}

/** Parses JSON text, naming the source when it is not JSON. */
export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CrossoverError('invalid-input', `${source}: not valid JSON (${(error as Error).message})`);
  }
}

/** What went wrong, never blank: an error without a message is named by its type and code. */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error) || 'an empty value was thrown';
  const code = (error as NodeJS.ErrnoException).code;
  return error.message.trim() || (code ? `${error.name} ${code}` : `${error.name} without a message`);
}
