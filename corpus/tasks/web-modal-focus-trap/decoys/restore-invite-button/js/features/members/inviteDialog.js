import { createDialog } from '../../ui/dialog.js';
import { isEmail } from '../../utils/validate.js';

/** The "Invite a teammate" dialog: validates the email and hands the invite to `onInvite`. */
export function setupInviteDialog(backdrop, { onInvite }) {
  const form = backdrop.querySelector('#invite-form');
  const email = form.elements.email;
  const role = form.elements.role;
  const error = backdrop.querySelector('#invite-email-error');

  const dialog = createDialog(backdrop, { onClose: reset });

  function reset() {
    form.reset();
    showError('');
    // Focus was lost to <body> after closing; put it back on the button that opens us.
    document.getElementById('invite-button').focus();
  }

  function showError(message) {
    error.textContent = message;
    error.hidden = !message;
    if (message) {
      email.setAttribute('aria-invalid', 'true');
      email.setAttribute('aria-describedby', error.id);
    } else {
      email.removeAttribute('aria-invalid');
      email.removeAttribute('aria-describedby');
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!isEmail(email.value.trim())) {
      showError('Enter an email address like name@example.com.');
      email.focus();
      return;
    }
    try {
      await onInvite({ email: email.value, role: role.value });
      dialog.close('submitted');
    } catch (err) {
      showError(err.message);
      email.focus();
    }
  });

  return dialog;
}
