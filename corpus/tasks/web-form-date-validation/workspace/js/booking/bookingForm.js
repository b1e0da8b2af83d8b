import { validateBooking } from '../validation/validateBooking.js';
import { showConfirmation } from './confirmationView.js';
import { clearErrors, showErrors } from './errorsView.js';

/** Handles submission of the booking form: validate, show errors or request the booking. */
export function startBookingForm(doc, service) {
  const form = doc.getElementById('booking-form');
  const summary = doc.getElementById('error-summary');
  const confirmation = {
    form,
    section: doc.getElementById('confirmation'),
    text: doc.getElementById('confirmation-text'),
  };

  summary.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-field]');
    if (!link) return;
    event.preventDefault();
    form.elements[link.dataset.field].focus();
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const raw = Object.fromEntries(new FormData(form));
    const result = validateBooking(raw);
    if (!result.ok) {
      showErrors(form, summary, result.errors);
      return;
    }
    clearErrors(form, summary);
    try {
      const { reference } = await service.requestBooking(result.booking);
      showConfirmation(confirmation, result.booking, reference);
    } catch (error) {
      showErrors(form, summary, { [error.field ?? 'checkIn']: error.message });
    }
  });
}
