import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dayKey, weekKey } from '../src/index.js';

describe('buckets', () => {
  it('puts backups of one UTC day in one day', () => {
    assert.equal(dayKey(new Date('2024-03-06T00:00:00Z')), dayKey(new Date('2024-03-06T23:59:59Z')));
  });
  it('puts Tuesday to Saturday of one week in one week', () => {
    const keys = ['05', '06', '07', '08', '09'].map((day) => weekKey(new Date(`2024-03-${day}T12:00:00Z`)));
    assert.equal(new Set(keys).size, 1);
  });
});
