const SAFE_SCHEMES = ['http:', 'https:', 'mailto:'];

/** Only web, mail and relative links are rendered as links; `javascript:` and friends are not. */
export function isSafeHref(href) {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  return scheme === null || SAFE_SCHEMES.includes(scheme[1].toLowerCase() + ':');
}
