/** A JSON-RPC line longer than this is not read: the proxy relays it unread, or drops it when it must read it. */
export const LINE_LIMIT = 32 * 1024 * 1024;

/** Calls each complete line of a byte stream to `onLine`, never holding more than LINE_LIMIT. */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer) => void {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  return (chunk) => {
    let rest = chunk;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      if (!skipping) onLine(Buffer.concat([...parts, rest.subarray(0, newline)]).toString('utf8'));
      parts = [];
      size = 0;
      skipping = false;
      rest = rest.subarray(newline + 1);
    }
    if (skipping || rest.length === 0) return;
    size += rest.length;
    if (size > LINE_LIMIT) {
      skipping = true;
      parts = [];
    } else parts.push(rest);
  };
}

/** A byte stream relayed line by line: what `relay` writes, and whether a long line is mid-way through it. */
export interface LineRelay {
  push(chunk: Buffer): void;
  /** runs `write` between two lines: now, or once the long line being passed through has ended */
  between(write: () => void): void;
}

/**
 * Relays a stream of newline-framed lines through `onLine`, which returns the line to write
 * (possibly changed) or null to write nothing; each line is written whole, in one write. A line
 * past LINE_LIMIT is not read: `long: 'pass'` writes it through as it comes, `'drop'` never writes it.
 */
export function lineRelay(
  onLine: (line: string) => string | null,
  write: (bytes: Buffer | string) => void,
  long: 'pass' | 'drop',
): LineRelay {
  let parts: Buffer[] = [];
  let size = 0;
  let passing = false;
  let waiting: (() => void)[] = [];
  const lineEnded = (): void => {
    parts = [];
    size = 0;
    passing = false;
    for (const queued of waiting) queued();
    waiting = [];
  };
  return {
    push(chunk) {
      let rest = chunk;
      for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
        if (passing) {
          if (long === 'pass') write(rest.subarray(0, newline + 1));
        } else {
          const out = onLine(Buffer.concat([...parts, rest.subarray(0, newline)]).toString('utf8'));
          if (out !== null) write(`${out}\n`);
        }
        lineEnded();
        rest = rest.subarray(newline + 1);
      }
      if (rest.length === 0) return;
      if (passing) {
        if (long === 'pass') write(rest);
        return;
      }
      size += rest.length;
      if (size <= LINE_LIMIT) return void parts.push(rest);
      passing = true;
      if (long === 'pass') write(Buffer.concat([...parts, rest]));
      parts = [];
    },
    between(run) {
      if (passing) waiting.push(run);
      else run();
    },
  };
}

/** The JSON-RPC messages of one line (a batch is an array); none when it is not JSON. */
export function messagesOf(line: string): { messages: Record<string, unknown>[]; batch: boolean } {
  try {
    const parsed: unknown = JSON.parse(line);
    const all = Array.isArray(parsed) ? parsed : [parsed];
    const messages = all.filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null);
    return { messages, batch: Array.isArray(parsed) };
  } catch {
    return { messages: [], batch: false };
  }
}
