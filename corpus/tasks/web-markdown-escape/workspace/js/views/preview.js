import { renderMarkdown } from '../markdown/render.js';
import { debounce } from '../utils/debounce.js';

/**
 * The rendered preview. Rendering is debounced while typing; `aria-busy`
 * is true while a render is pending.
 */
export function mountPreview(section) {
  const show = (source) => {
    section.innerHTML = renderMarkdown(source);
    section.setAttribute('aria-busy', 'false');
  };
  const showSoon = debounce(show, 80);

  return {
    render(source, { immediate = false } = {}) {
      if (immediate) {
        showSoon.flush();
        show(source);
        return;
      }
      section.setAttribute('aria-busy', 'true');
      showSoon(source);
    },
  };
}
