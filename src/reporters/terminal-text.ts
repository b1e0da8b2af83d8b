/** C0 controls, DEL and C1 controls (U+009B is a one-character CSI): what a terminal may act on. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: they are escaped before printing
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

function escaped(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : char;
}

/**
 * Agent-controlled text (check messages, findings, ids) as one inert line: every control character
 * shown as \xNN, so ANSI escapes cannot erase "failed" and draw "passed", and newlines cannot forge
 * a line of the summary.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, escaped);
}

/** JSON for a terminal: JSON.stringify escapes C0 controls but leaves DEL and C1 as they are. */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
