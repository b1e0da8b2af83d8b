import assert from 'node:assert/strict';
import { assertCounter, openWithTodos, showFilter, toggle, visibleTitles } from './lib/todos.mjs';

// "Clear completed" is offered whenever a completed todo exists, also while the Active filter hides it.
export default async function ({ page, baseUrl }) {
  await openWithTodos(page, baseUrl, ['Water plants', 'Book dentist', 'Renew passport']);
  await toggle(page, 'Book dentist');
  await showFilter(page, 'Active');
  const clear = page.getByRole('button', { name: 'Clear completed' });
  assert.equal(await clear.count(), 1, 'a "Clear completed" button while the Active filter is showing and one todo is completed');
  await clear.click();
  await showFilter(page, 'All');
  assert.deepEqual(await visibleTitles(page), ['Water plants', 'Renew passport'], 'the completed todo is gone, the others stay');
  await assertCounter(page, '2 items left', 'after clearing');
}
