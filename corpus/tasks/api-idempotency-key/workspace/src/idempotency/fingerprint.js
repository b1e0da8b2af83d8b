import { sha256 } from '../utils/hash.js';
import { stableJson } from '../utils/stable-json.js';

/** What a retry must match: method, path and the JSON body (key order ignored). */
export function fingerprint(ctx) {
  return sha256(`${ctx.method} ${ctx.path}\n${stableJson(ctx.body ?? null)}`);
}
