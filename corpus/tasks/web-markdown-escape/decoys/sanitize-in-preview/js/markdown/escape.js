// "&" first, or the "&" of every entity produced below would be escaped again.
const REPLACEMENTS = [
  [/&/g, '&amp;'],
  [/</g, '&lt;'],
  [/>/g, '&gt;'],
  [/"/g, '&quot;'],
  [/'/g, '&#39;'],
];

/** Escapes text for use in HTML content and attribute values. */
export function escapeHtml(text) {
  let out = String(text);
  for (const [pattern, replacement] of REPLACEMENTS) out = out.replace(pattern, replacement);
  return out;
}
