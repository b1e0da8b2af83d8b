/**
 * Wires the search input: typing, the clear button, Escape to clear and "/" from
 * anywhere on the page to focus the box.
 */
export function bindSearchBox({ input, clearButton, form }, controller) {
  const syncClearButton = () => {
    clearButton.hidden = input.value === '';
  };

  input.addEventListener('input', () => {
    syncClearButton();
    if (input.value === '') controller.clear();
    else controller.input(input.value);
  });

  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && input.value !== '') {
      event.preventDefault();
      input.value = '';
      syncClearButton();
      controller.clear();
    }
  });

  clearButton.addEventListener('click', () => {
    input.value = '';
    syncClearButton();
    controller.clear();
    input.focus();
  });

  form.addEventListener('submit', (event) => event.preventDefault());

  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (event.key === '/' && !typing) {
      event.preventDefault();
      input.focus();
    }
  });
}
