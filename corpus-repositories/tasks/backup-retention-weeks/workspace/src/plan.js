import { dayKey, weekKey } from './buckets.js';

/** The newest backup of each bucket, newest bucket first, at most `limit` buckets. */
function newestPerBucket(backups, keyOf, limit) {
  const seen = new Map();
  for (const backup of backups) {
    const key = keyOf(backup.takenAt);
    if (!seen.has(key)) seen.set(key, backup);
  }
  return [...seen.values()].slice(0, limit);
}

/**
 * Which backups to keep: the last of each of the newest `keepDaily` days and of the newest
 * `keepWeekly` weeks, none older than `maxAgeMs`. Returned newest first.
 */
export function planRetention(backups, policy, now) {
  const newestFirst = [...backups].sort((a, b) => b.takenAt - a.takenAt);
  const young = newestFirst.filter((backup) => now - backup.takenAt <= policy.maxAgeMs);
  const kept = new Set([
    ...newestPerBucket(young, dayKey, policy.keepDaily),
    ...newestPerBucket(young, weekKey, policy.keepWeekly),
  ]);
  return newestFirst.map((backup) => ({ backup, keep: kept.has(backup) }));
}
