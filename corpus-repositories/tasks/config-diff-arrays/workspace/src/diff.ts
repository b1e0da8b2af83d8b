import { sameLeaf } from './equal.js';
import { flatten, type Json } from './paths.js';

export type Change =
  | { kind: 'added'; path: string; after: Json }
  | { kind: 'removed'; path: string; before: Json }
  | { kind: 'changed'; path: string; before: Json; after: Json };

/** The changes from `before` to `after`, one per key path, sorted by path. */
export function diffConfigs(before: Json, after: Json): Change[] {
  const old = flatten(before);
  const next = flatten(after);
  const changes: Change[] = [];
  for (const [path, value] of old) {
    if (!next.has(path)) changes.push({ kind: 'removed', path, before: value });
    else if (!sameLeaf(value, next.get(path) as Json))
      changes.push({ kind: 'changed', path, before: value, after: next.get(path) as Json });
  }
  for (const [path, value] of next) if (!old.has(path)) changes.push({ kind: 'added', path, after: value });
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
