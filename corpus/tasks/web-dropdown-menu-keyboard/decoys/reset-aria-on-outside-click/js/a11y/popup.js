// The popup that is open right now, if any: opening one closes the others.
let current = null;

/**
 * Shows and hides a popup element for its trigger, keeps the trigger's aria-expanded in step,
 * and closes the popup on a click anywhere outside the trigger and the popup.
 */
export class Popup {
  constructor(trigger, element) {
    this.trigger = trigger;
    this.element = element;
    this.onOutsidePointer = (event) => {
      if (this.element.contains(event.target) || this.trigger.contains(event.target)) return;
      this.close({ restoreFocus: false });
      this.trigger.setAttribute('aria-expanded', 'false');
    };
  }

  get isOpen() {
    return !this.element.hidden;
  }

  open() {
    if (current && current !== this) current.close({ restoreFocus: false });
    current = this;
    this.element.hidden = false;
    this.trigger.setAttribute('aria-expanded', 'true');
    document.addEventListener('pointerdown', this.onOutsidePointer, true);
  }

  /** `restoreFocus`: move focus back to the trigger (Escape, choosing an item), or leave it where it went. */
  close({ restoreFocus = true } = {}) {
    if (!this.isOpen) return;
    this.element.hidden = true;
    document.removeEventListener('pointerdown', this.onOutsidePointer, true);
    if (current === this) current = null;
    if (restoreFocus) {
      this.trigger.setAttribute('aria-expanded', 'false');
      this.trigger.focus();
    }
  }
}
