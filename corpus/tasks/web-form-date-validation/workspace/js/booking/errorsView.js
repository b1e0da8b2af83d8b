const LABELS = { checkIn: 'Check-in', checkOut: 'Check-out', guests: 'Guests', name: 'Full name', email: 'Email' };

/** Shows each message next to its field and a linked summary at the top; clears the rest. */
export function showErrors(form, summary, errors) {
  for (const field of Object.keys(LABELS)) setFieldError(form, field, errors[field] ?? null);
  renderSummary(summary, errors);
}

export function clearErrors(form, summary) {
  showErrors(form, summary, {});
}

function setFieldError(form, field, message) {
  const input = form.elements[field];
  const wrapper = input.closest('.field');
  const error = form.querySelector(`#${field}-error`);
  const hintId = form.querySelector(`#${field}-hint`)?.id;
  error.textContent = message ?? '';
  error.hidden = !message;
  wrapper.classList.toggle('has-error', Boolean(message));
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
  const describedBy = [hintId, message ? error.id : null].filter(Boolean).join(' ');
  if (describedBy) input.setAttribute('aria-describedby', describedBy);
  else input.removeAttribute('aria-describedby');
}

function renderSummary(summary, errors) {
  const entries = Object.entries(errors);
  if (entries.length === 0) {
    summary.hidden = true;
    summary.replaceChildren();
    return;
  }
  const title = document.createElement('h2');
  title.textContent = 'There is a problem';
  const list = document.createElement('ul');
  for (const [field, message] of entries) {
    const link = document.createElement('a');
    link.href = `#${field}`;
    link.textContent = message;
    link.dataset.field = field;
    link.title = LABELS[field];
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  summary.replaceChildren(title, list);
  summary.hidden = false;
  summary.focus();
}
