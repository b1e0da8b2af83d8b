/** Writes short messages into a live region so screen readers announce them. */
export function createAnnouncer(region) {
  let timer = null;
  return {
    say(message) {
      // Clearing first makes repeated identical messages announce again.
      region.textContent = '';
      clearTimeout(timer);
      timer = setTimeout(() => {
        region.textContent = message;
      }, 20);
    },
  };
}
