/** The markdown textarea. `onChange(body)` fires on every edit. */
export function mountEditor(textarea, { onChange }) {
  textarea.addEventListener('input', () => onChange(textarea.value));
  return {
    setValue(value) {
      if (textarea.value !== value) textarea.value = value;
    },
    focus() {
      textarea.focus();
    },
  };
}
