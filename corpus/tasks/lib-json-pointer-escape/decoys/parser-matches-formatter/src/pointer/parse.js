import { PointerError } from '../errors.js';

/** Undoes escapeToken: '~0' back to '~', then '~1' back to '/'. */
function unescapeToken(token, pointer) {
  if (/~(?![01])/.test(token)) throw new PointerError('"~" must be followed by "0" or "1"', pointer);
  return token.replace(/~0/g, '~').replace(/~1/g, '/');
}

/** '/a~1b/0' → ['a/b', '0']; '' → [] (the whole document). */
export function parsePointer(pointer) {
  if (typeof pointer !== 'string') throw new PointerError('a pointer must be a string', pointer);
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new PointerError('a pointer must be empty or start with "/"', pointer);
  return pointer.slice(1).split('/').map((token) => unescapeToken(token, pointer));
}
