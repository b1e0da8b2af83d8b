/** RFC 6901 §3: '~' is written '~0' and '/' is written '~1', in that order so '~1' is never re-escaped. */
export function escapeToken(token) {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** ['a/b', 'm~n'] → '/a~1b/m~0n'. */
export function compilePointer(tokens) {
  return tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/** The pointer to member `token` of the value at `pointer`. */
export function appendToken(pointer, token) {
  return `${pointer}/${escapeToken(token)}`;
}
