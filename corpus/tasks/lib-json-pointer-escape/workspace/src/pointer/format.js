/** RFC 6901 §3: '/' is written '~1' and '~' is written '~0'. */
export function escapeToken(token) {
  return String(token).replace(/\//g, '~1').replace(/~/g, '~0');
}

/** ['a/b', 'm~n'] → '/a~1b/m~0n'. */
export function compilePointer(tokens) {
  return tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/** The pointer to member `token` of the value at `pointer`. */
export function appendToken(pointer, token) {
  return `${pointer}/${escapeToken(token)}`;
}
