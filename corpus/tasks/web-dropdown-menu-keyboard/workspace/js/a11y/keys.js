/** `KeyboardEvent.key` values used by the widgets. */
export const Keys = {
  ENTER: 'Enter',
  SPACE: ' ',
  ESCAPE: 'Escape',
  TAB: 'Tab',
  HOME: 'Home',
  END: 'End',
  UP: 'ArrowUp',
  DOWN: 'ArrowDown',
};

/** True for a printable character without modifiers: the start of a type-ahead search. */
export function isTypeaheadKey(event) {
  return event.key.length === 1 && event.key !== Keys.SPACE && !event.ctrlKey && !event.metaKey && !event.altKey;
}
