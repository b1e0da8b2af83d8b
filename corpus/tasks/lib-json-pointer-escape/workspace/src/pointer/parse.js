import { PointerError } from '../errors.js';

/** RFC 6901 §4: '~1' becomes '/' first, then '~0' becomes '~' (so '~01' is '~1'). */
function unescapeToken(token, pointer) {
  if (/~(?![01])/.test(token)) throw new PointerError('"~" must be followed by "0" or "1"', pointer);
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** '/a~1b/0' → ['a/b', '0']; '' → [] (the whole document). */
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new PointerError('a pointer must be a string', pointer);
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PointerError('a pointer must be empty or start with "/"', pointer);
  return pointer.slice(1).split('/').map((token) => unescapeToken(token, pointer));
}
