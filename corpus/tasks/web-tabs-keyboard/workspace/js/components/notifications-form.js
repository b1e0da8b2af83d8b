/**
 * Shows a short confirmation whenever a notification preference changes.
 * (Saving goes through the API once it exists.)
 */
export function bindNotificationsForm(panel) {
  const status = panel.querySelector('[data-notifications-status]');
  panel.addEventListener('change', (event) => {
    const form = event.target.closest('form[data-channel]');
    if (!form || !status) return;
    const label = event.target.closest('label')?.textContent.trim() ?? event.target.name;
    status.textContent = `${label} ${event.target.checked ? 'on' : 'off'} for ${form.dataset.channel}`;
  });
}
