import { createRovingTabindex } from '../a11y/roving-tabindex.js';
import { qsa } from '../utils/dom.js';

/** A formatting toolbar: toggle buttons, one Tab stop, arrow keys inside. */
export class Toolbar {
  constructor(root) {
    this.root = root;
    this.buttons = qsa(':scope > button', root);
    this.roving = createRovingTabindex(this.buttons, { orientation: 'horizontal', wrap: false });
    root.addEventListener('keydown', this.roving.onKeydown);
    for (const button of this.buttons) {
      button.addEventListener('click', () => this.toggle(button));
    }
  }

  toggle(button) {
    const pressed = button.getAttribute('aria-pressed') === 'true';
    button.setAttribute('aria-pressed', String(!pressed));
    this.root.dispatchEvent(new CustomEvent('format', { detail: { id: button.id, pressed: !pressed }, bubbles: true }));
  }
}
