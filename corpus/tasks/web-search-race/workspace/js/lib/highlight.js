/**
 * Appends `text` to `parent`, wrapping the first case-insensitive occurrence of
 * `needle` in <mark>. Uses text nodes only, so product names can never inject markup.
 */
export function appendHighlighted(parent, text, needle) {
  const at = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) {
    parent.append(text);
    return;
  }
  const mark = document.createElement('mark');
  mark.textContent = text.slice(at, at + needle.length);
  parent.append(text.slice(0, at), mark, text.slice(at + needle.length));
}
