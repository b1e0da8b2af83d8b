/** Moves focus between the items of a menu (roving focus; items stay out of the Tab order). */
export class MenuFocus {
  constructor(menu) {
    this.menu = menu;
    this.items = [...menu.querySelectorAll('[role^="menuitem"]')];
  }

  get index() {
    return this.items.indexOf(document.activeElement);
  }

  focusAt(index) {
    const count = this.items.length;
    if (count === 0) return;
    this.items[((index % count) + count) % count].focus();
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
    const start = this.index;
    for (let step = 1; step <= this.items.length; step += 1) {
      const item = this.items[(start + step) % this.items.length];
      if (item.textContent.trim().toLowerCase().startsWith(wanted)) {
        item.focus();
        return;
      }
    }
  }
}
