/**
 * Tiny element builder: h('td', { class: 'amount' }, '€1.00'). Text children become text nodes,
 * so export data never reaches innerHTML.
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export function replaceChildren(parent, ...children) {
  parent.replaceChildren(...children.flat(Infinity).filter(Boolean));
}
