import { getTabbable } from './focusable.js';
import { uniqueId } from './ids.js';

/**
 * Turns a `.dialog-backdrop` element (see README) into a modal dialog following the
 * WAI-ARIA dialog pattern. Returns { open, close, isOpen, panel }.
 * `onClose(reason)` runs after the dialog closed ("escape", "backdrop", "cancel" or
 * whatever the caller passed to close()).
 */
export function createDialog(backdrop, { onClose = () => {} } = {}) {
  const panel = backdrop.querySelector('[role="dialog"]');
  let returnFocusTo = null;

  nameAfterTitle(panel);
  panel.setAttribute('aria-modal', 'true');
  panel.tabIndex = -1;

  function isOpen() {
    return !backdrop.hidden;
  }

  function open() {
    if (isOpen()) return;
    backdrop.hidden = false;
    document.body.classList.add('has-dialog');
    // Remember the opener before focus moves into the dialog, to give focus back on close.
    returnFocusTo = document.activeElement;
    document.addEventListener('keydown', onKeydown, true);
    focusInitial();
  }

  function close(reason = 'close') {
    if (!isOpen()) return;
    backdrop.hidden = true;
    document.body.classList.remove('has-dialog');
    document.removeEventListener('keydown', onKeydown, true);
    if (returnFocusTo && returnFocusTo.isConnected) returnFocusTo.focus();
    returnFocusTo = null;
    onClose(reason);
  }

  function focusInitial() {
    const target = panel.querySelector('[data-initial-focus]') ?? getTabbable(panel)[0] ?? panel;
    target.focus();
  }

  function onKeydown(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close('escape');
    } else if (event.key === 'Tab') {
      keepTabInside(event);
    }
  }

  // Wrap Tab from the last control to the first and Shift+Tab from the first to the last.
  function keepTabInside(event) {
    const tabbable = getTabbable(panel);
    if (tabbable.length === 0) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  backdrop.addEventListener('mousedown', (event) => {
    if (event.target === backdrop) close('backdrop');
  });
  for (const button of panel.querySelectorAll('[data-dialog-close]')) {
    button.addEventListener('click', () => close('cancel'));
  }

  return { open, close, isOpen, panel };
}

/** Points aria-labelledby at the dialog's title so it is announced by name. */
function nameAfterTitle(panel) {
  const title = panel.querySelector('.dialog-title');
  if (!title) return;
  if (!title.id) title.id = uniqueId('dialog-title');
  panel.setAttribute('aria-labelledby', title.id);
}
