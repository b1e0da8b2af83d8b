/** The polite live region under the header: one short message at a time. */
export function createStatus(element) {
  return {
    say(message) {
      element.textContent = message;
    },
  };
}
