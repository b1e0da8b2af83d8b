/**
 * Percent-encodes one URL component per RFC 3986: like encodeURIComponent,
 * but also escapes the sub-delimiters !'()* that it leaves alone, since some
 * servers treat them as syntax.
 */
export function encodeComponent(value) {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}
