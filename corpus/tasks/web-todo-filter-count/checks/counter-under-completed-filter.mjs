import { assertCounter, openWithTodos, showFilter, toggle } from './lib/todos.mjs';

// The "items left" counter counts every unfinished todo, whichever filter is showing.
export default async function ({ page, baseUrl }) {
  await openWithTodos(page, baseUrl, ['Buy milk', 'Call plumber', 'File taxes']);
  await toggle(page, 'Call plumber');
  await assertCounter(page, '2 items left', 'on the All filter');
  await showFilter(page, 'Completed');
  await assertCounter(page, '2 items left', 'while the Completed filter is showing');
  await toggle(page, 'Call plumber');
  await assertCounter(page, '3 items left', 'after un-completing the only completed todo from the Completed filter');
}
