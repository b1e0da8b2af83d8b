export { PointerError, PatchError } from './errors.js';
export { parsePointer } from './pointer/parse.js';
export { compilePointer, appendToken, escapeToken } from './pointer/format.js';
export { fromFragment, toFragment } from './pointer/fragment.js';
export { getValue, hasValue } from './pointer/resolve.js';
export { applyPatch } from './patch/apply.js';
export { diff } from './patch/diff.js';
