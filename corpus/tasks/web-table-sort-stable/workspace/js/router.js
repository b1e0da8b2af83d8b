import { parseHash } from './lib/url.js';

/** Calls `onRoute(route, params)` now and on every hash change; unknown routes go to `fallback`. */
export function startRouter(routes, fallback, onRoute) {
  const resolve = () => {
    const { route, params } = parseHash(window.location.hash);
    onRoute(Object.hasOwn(routes, route) ? route : fallback, params);
  };
  window.addEventListener('hashchange', resolve);
  resolve();
}
