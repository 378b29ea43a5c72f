/**
 * Brings an element's content in line with new markup by changing only what differs, as a framework's reconciliation
 * does for the islands: elements that stay keep their identity, so the focus, a field's typed value and the screen
 * reader's place stay where they were, and nothing is repainted for nothing. Children are matched by position and
 * tag, or by `data-key` (a cart line), so a line removed above does not turn the next one into it.
 * An input's value is the person's: its `value` property is never touched (the markup has none).
 */
import type { SafeHtml } from "../../lib/safe-html";

const keyOf = (node: Node): string | null => (node instanceof Element ? node.getAttribute("data-key") : null);

function patch(current: Node, wanted: Node): void {
  if (!(current instanceof Element) || !(wanted instanceof Element)) {
    if (current.nodeValue !== wanted.nodeValue) current.nodeValue = wanted.nodeValue;
    return;
  }
  for (const { name } of [...current.attributes]) {
    if (!wanted.hasAttribute(name)) current.removeAttribute(name);
  }
  for (const { name, value } of wanted.attributes) {
    if (current.getAttribute(name) !== value) current.setAttribute(name, value);
  }
  patchChildren(current, wanted);
}

function patchChildren(parent: Node, wanted: Node): void {
  let current = parent.firstChild;
  for (const next of [...wanted.childNodes]) {
    const key = keyOf(next);
    const match = key
      ? ([...parent.childNodes].find((child) => keyOf(child) === key) ?? null)
      : current && !keyOf(current) && current.nodeName === next.nodeName
        ? current
        : null;
    if (!match) {
      parent.insertBefore(next, current);
      continue;
    }
    if (match === current) current = current.nextSibling;
    else parent.insertBefore(match, current);
    patch(match, next);
  }
  while (current) {
    const following = current.nextSibling;
    current.remove();
    current = following;
  }
}

export function morph(root: Element, markup: SafeHtml): void {
  const template = document.createElement("template");
  template.innerHTML = markup.value;
  patchChildren(root, template.content);
}
