const REPLACEMENTS = [
  [/</g, '&lt;'],
  [/>/g, '&gt;'],
  [/"/g, '&quot;'],
  [/'/g, '&#39;'],
  [/&/g, '&amp;'],
];

/** Escapes text for use in HTML content and attribute values. */
export function escapeHtml(text) {
  let out = String(text);
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}
