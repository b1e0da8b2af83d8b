import assert from 'node:assert/strict';
import { assertCounter, openWithTodos, showFilter, toggle, visibleTitles } from './lib/todos.mjs';

// "Mark all as complete" reflects every todo, not only the ones the filter shows.
export default async function ({ page, baseUrl }) {
  await openWithTodos(page, baseUrl, ['Pay rent', 'Fix bike', 'Email Sam']);
  await toggle(page, 'Fix bike');
  await showFilter(page, 'Completed');
  const markAll = page.getByLabel('Mark all as complete');
  assert.equal(await markAll.isChecked(), false, '"Mark all as complete" is unchecked while two todos are still active');
  await markAll.click();
  assert.deepEqual(await visibleTitles(page), ['Pay rent', 'Fix bike', 'Email Sam'], 'every todo is completed and listed under Completed');
  await assertCounter(page, '0 items left', 'after marking all as complete');
}
