import { isTypeaheadKey, Keys } from '../a11y/keys.js';
import { MenuFocus } from '../a11y/menu-focus.js';
import { Popup } from '../a11y/popup.js';

/**
 * The WAI-ARIA menu button: `trigger` has aria-controls pointing at a role="menu" list.
 * `onSelect(item)` runs when an item is chosen.
 */
export class MenuButton {
  constructor(trigger, { onSelect }) {
    this.trigger = trigger;
    this.menu = document.getElementById(trigger.getAttribute('aria-controls'));
    this.onSelect = onSelect;
    this.popup = new Popup(trigger, this.menu);
    this.focus = new MenuFocus(this.menu);

    trigger.addEventListener('click', () => this.toggle());
    trigger.addEventListener('keydown', (event) => this.onTriggerKeydown(event));
    this.menu.addEventListener('keydown', (event) => this.onMenuKeydown(event));
    this.menu.addEventListener('click', (event) => this.choose(event.target.closest('[role^="menuitem"]')));
  }

  open(position = 'first') {
    this.popup.open();
    if (position === 'last') this.focus.last();
    else this.focus.first();
  }

  toggle() {
    if (this.popup.isOpen) this.popup.close();
    else this.open('first');
  }

  // Handled here rather than left to a click: a trigger need not be a native <button>.
  onTriggerKeydown(event) {
    if (event.key === Keys.DOWN || event.key === Keys.ENTER || event.key === Keys.SPACE) this.open('first');
    else if (event.key === Keys.UP) this.open('last');
    else return;
    event.preventDefault();
  }

  onMenuKeydown(event) {
    switch (event.key) {
      case Keys.DOWN:
        this.focus.next();
        break;
      case Keys.UP:
        this.focus.previous();
        break;
      case Keys.HOME:
        this.focus.first();
        break;
      case Keys.END:
        this.focus.last();
        break;
      case Keys.ESCAPE:
        this.popup.close();
        break;
      case Keys.ENTER:
      case Keys.SPACE:
        this.choose(document.activeElement.closest('[role^="menuitem"]'));
        break;
      case Keys.TAB:
        this.popup.close({ restoreFocus: false });
        return; // Tab still moves focus on
      default:
        if (!isTypeaheadKey(event)) return;
        this.focus.typeahead(event.key);
    }
    event.preventDefault();
  }

  choose(item) {
    if (!item || !this.menu.contains(item)) return;
    this.popup.close();
    this.onSelect(item);
  }
}
