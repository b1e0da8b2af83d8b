import assert from 'node:assert/strict';
import { aria, assertHighlighted, field, openForm, typeInto } from './lib/combobox.mjs';

// ArrowDown/ArrowUp move the highlight through the shown options and wrap at both ends.
export default async function ({ page, baseUrl }) {
  await openForm(page, baseUrl);
  await typeInto(page, 'From', 'par');
  const shown = await aria(page, 'From');
  assert.deepEqual(shown.options, ['Paris Charles de Gaulle (CDG)', 'Paris Orly (ORY)']);
  await assertHighlighted(page, 'From', null, 'after typing');

  const input = field(page, 'From');
  await input.press('ArrowDown');
  await assertHighlighted(page, 'From', 'Paris Charles de Gaulle (CDG)', 'first ArrowDown');
  await input.press('ArrowDown');
  await assertHighlighted(page, 'From', 'Paris Orly (ORY)', 'second ArrowDown');
  await input.press('ArrowDown');
  await assertHighlighted(page, 'From', 'Paris Charles de Gaulle (CDG)', 'ArrowDown on the last option wraps to the first');
  await input.press('ArrowUp');
  await assertHighlighted(page, 'From', 'Paris Orly (ORY)', 'ArrowUp on the first option wraps to the last');

  await input.press('Escape');
  await input.fill('');
  await typeInto(page, 'To', 'lo');
  await field(page, 'To').press('ArrowUp');
  await assertHighlighted(page, 'To', 'Los Angeles International (LAX)', 'ArrowUp with nothing highlighted goes to the last option');
}
