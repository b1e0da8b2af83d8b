/**
 * The JSON objects of a JSON-lines transcript, in order. A line that is not a JSON object (a
 * truncation marker, stray output) is skipped: a transcript is evidence, not a contract.
 */
export function jsonLines(text: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('{')) continue;
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        objects.push(value as Record<string, unknown>);
    } catch {
      // a cut or garbled line tells nothing
    }
  }
  return objects;
}

/** A field that must be an object, else an empty one. */
export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A count that must be a finite non-negative number, else null (unknown). */
export function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

/** The tool of an MCP call named `mcp__<server>__<tool>`; null for any other name. */
export function mcpToolName(name: string): string | null {
  const match = /^mcp__.+?__(.+)$/.exec(name);
  return match ? (match[1] as string) : null;
}
