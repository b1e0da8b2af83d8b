import type { Change } from './diff.js';

const SIGN = { added: '+', removed: '-', changed: '~' } as const;

function show(change: Change): string {
  if (change.kind === 'added') return JSON.stringify(change.after);
  if (change.kind === 'removed') return JSON.stringify(change.before);
  return `${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)}`;
}

/** One line per change: `+ path = value`, `- path = value`, `~ path = before -> after`. */
export function formatDiff(changes: readonly Change[]): string {
  return changes.map((change) => `${SIGN[change.kind]} ${change.path} = ${show(change)}`).join('\n');
}
