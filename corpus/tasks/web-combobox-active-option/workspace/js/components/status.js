/** The polite status line under a field: tells screen reader users when nothing matched. */
export function statusText(state) {
  if (state.query.trim() !== '' && state.options.length === 0) return `No airports match "${state.query.trim()}"`;
  return '';
}
