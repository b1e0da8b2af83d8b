import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBackupName, planRetention } from '../src/index.js';

const daily = (days) => days.map((day) => parseBackupName(`db-2024-03-${day}T02:00:00Z.tar.gz`));
const kept = (plan) => plan.filter((entry) => entry.keep).map((entry) => entry.backup.name.slice(3, 13));

describe('planRetention', () => {
  it('keeps the newest daily backups', () => {
    const plan = planRetention(
      daily(['12', '13', '14']),
      { keepDaily: 2, keepWeekly: 0, maxAgeMs: Infinity },
      new Date(),
    );
    assert.deepEqual(kept(plan), ['2024-03-14', '2024-03-13']);
  });
  it('deletes backups older than the maximum age', () => {
    const now = new Date('2024-03-14T02:00:00Z');
    const plan = planRetention(daily(['12', '13', '14']), { keepDaily: 7, keepWeekly: 0, maxAgeMs: 86_400_000 }, now);
    assert.deepEqual(kept(plan), ['2024-03-14', '2024-03-13']);
  });
  it('keeps the last backup of each ISO week, Sunday included', () => {
    const days = ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14', '15', '16', '17'];
    const plan = planRetention(daily(days), { keepDaily: 0, keepWeekly: 2, maxAgeMs: Infinity }, new Date());
    assert.deepEqual(kept(plan), ['2024-03-17', '2024-03-10']);
  });
});
