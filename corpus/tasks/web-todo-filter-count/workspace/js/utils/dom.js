/**
 * Tiny element factory: h('li', { class: 'done', onclick }, child, 'text').
 * Attributes starting with "on" become listeners; `false`/`null` attributes are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'checked') el.checked = Boolean(value);
    else if (name === 'value') el.value = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces every child of `parent` with `nodes`. */
export function replaceChildren(parent, ...nodes) {
  parent.replaceChildren(...nodes.flat().filter(Boolean));
}
