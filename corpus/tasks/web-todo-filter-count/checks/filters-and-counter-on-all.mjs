import assert from 'node:assert/strict';
import { assertCounter, openWithTodos, showFilter, toggle, visibleTitles } from './lib/todos.mjs';

// Existing behaviour: each filter lists the right todos, the counter on All is right and pluralized.
export default async function ({ page, baseUrl }) {
  await openWithTodos(page, baseUrl, ['Alpha', 'Beta', 'Gamma']);
  await assertCounter(page, '3 items left', 'with three new todos');
  await toggle(page, 'Alpha');
  await toggle(page, 'Gamma');
  await assertCounter(page, '1 item left', 'with one todo left (singular)');
  await showFilter(page, 'Active');
  assert.deepEqual(await visibleTitles(page), ['Beta'], 'Active lists only the unfinished todo');
  await assertCounter(page, '1 item left', 'on the Active filter');
  await showFilter(page, 'Completed');
  assert.deepEqual(await visibleTitles(page), ['Alpha', 'Gamma'], 'Completed lists the finished todos in order');
  await showFilter(page, 'All');
  assert.deepEqual(await visibleTitles(page), ['Alpha', 'Beta', 'Gamma'], 'All lists everything in order');
  await page.getByRole('button', { name: 'Clear completed' }).click();
  assert.deepEqual(await visibleTitles(page), ['Beta'], 'Clear completed on All removes the finished todos');
  assert.equal(await page.getByRole('button', { name: 'Clear completed' }).count(), 0, 'no Clear completed button once nothing is completed');
}
