/** Moves focus between the items of a menu (roving focus; items stay out of the Tab order). */
export class MenuFocus {
  constructor(menu) {
    this.menu = menu;
  }

  // Looked up each time: a menu's items may be rendered (or re-rendered) after it is set up.
  get items() {
    return [...this.menu.querySelectorAll('[role^="menuitem"]')];
  }

  get index() {
    return this.items.indexOf(document.activeElement);
  }

  focusAt(index) {
    const { items } = this;
    if (items.length === 0) return;
    items[((index % items.length) + items.length) % items.length].focus();
  }

  first() {
    this.focusAt(0);
  }

  last() {
    this.focusAt(this.items.length - 1);
  }

  next() {
    this.focusAt(this.index + 1);
  }

  previous() {
    this.focusAt(this.index - 1);
  }

  /** Focuses the next item (after the current one) whose label starts with `char`. */
  typeahead(char) {
    const wanted = char.toLowerCase();
    const { items } = this;
    const start = items.indexOf(document.activeElement);
    for (let step = 1; step <= items.length; step += 1) {
      const item = items[(start + step) % items.length];
      if (item.textContent.trim().toLowerCase().startsWith(wanted)) {
        item.focus();
        return;
      }
    }
  }
}
