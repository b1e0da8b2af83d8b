import { debounce } from '../lib/debounce.js';

/**
 * Decides what the results area shows. Each new query cancels the search still in
 * flight, so only the answer for the latest query reaches the view.
 */
export function createSearchController({ search, view, debounceMs = 200 }) {
  let inflight = null;
  // Responses can arrive out of order: never let an older search overwrite a newer one.
  let started = 0;
  let shown = 0;

  function cancelInflight() {
    inflight?.abort();
    inflight = null;
  }

  async function run(query) {
    cancelInflight();
    if (!query) {
      view.showIdle();
      return;
    }
    const controller = new AbortController();
    inflight = controller;
    const seq = ++started;
    view.showLoading(query);
    try {
      const result = await search(query, { signal: controller.signal });
      if (seq < shown) return;
      shown = seq;
      view.showResults(query, result);
    } catch (error) {
      if (error.name === 'AbortError') return;
      view.showError(query, error);
    } finally {
      if (inflight === controller) inflight = null;
    }
  }

  const runSoon = debounce(run, debounceMs);

  return {
    /** The box changed: search for its trimmed text after the debounce. */
    input(text) {
      runSoon(text.trim());
    },
    /** The box was cleared explicitly: stop everything and show the idle hint now. */
    clear() {
      runSoon.cancel();
      cancelInflight();
      view.showIdle();
    },
  };
}
