/** One line's JSON object; null for a blank line, a truncation marker, stray output or a cut line. */
function jsonObjectOf(line: string): Record<string, unknown> | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(trimmed);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The JSON objects of a JSON-lines transcript, in order. A line that is not a JSON object (a
 * truncation marker, stray output) is skipped: a transcript is evidence, not a contract.
 */
export function jsonLines(text: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    const object = jsonObjectOf(line);
    if (object !== null) objects.push(object);
  }
  return objects;
}

/** How much of a JSON-lines text parsed: objects read, and the 1-based numbers of non-blank lines that did not. */
export function jsonLineCounts(text: string): { parsed: number; unparsable: number[] } {
  const unparsable: number[] = [];
  let parsed = 0;
  text.split('\n').forEach((line, index) => {
    if (jsonObjectOf(line) !== null) parsed += 1;
    else if (line.trim() !== '') unparsable.push(index + 1);
  });
  return { parsed, unparsable };
}

/** A field that must be an object, else an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A count that must be a finite non-negative number, else null (unknown). */
export function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The skill whose SKILL.md a path names (`…/skills/<name>/SKILL.md`): reading it loads the skill; else null. */
export function skillOfPath(path: string): string | null {
  const match = /(?:^|\/)skills\/([^/]+)\/SKILL\.md$/.exec(path);
  return match ? (match[1] as string) : null;
}

/** Sorted unique names. */
export function uniqueSorted(names: readonly string[]): string[] {
  return [...new Set(names)].sort();
}

/** The tool of an MCP call named `mcp__<server>__<tool>`; null for any other name. */
export function mcpToolName(name: string): string | null {
  const match = /^mcp__.+?__(.+)$/.exec(name);
  return match ? (match[1] as string) : null;
}
