/** The few DOM helpers the storefront scripts share (no framework: they enhance the HTML the build printed). */

type AttributeValue = string | number | boolean | null | undefined;

/**
 * A new element with its attributes (in the order given: put `loading` before `src`) and children. `true` writes
 * an empty attribute (`disabled`), `false`, null and undefined write none.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, AttributeValue> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  element.append(...children);
  return element;
}

/** The element's whole text, changed only when it differs (no needless mutation). */
export function setText(element: Element | null | undefined, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

/**
 * The text an element holds before (`"first"`) or after (`"last"`) its child elements, as the components print
 * `{price}<span>TTC</span>` or `<svg/>{label}`: the elements stay.
 */
export function setOwnText(element: Element | null | undefined, text: string, where: "first" | "last"): void {
  if (!element) return;
  const node = where === "first" ? element.firstChild : element.lastChild;
  if (node?.nodeType === Node.TEXT_NODE) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (where === "first") element.prepend(text);
  else element.append(text);
}

/** Sets an attribute only when its value differs: an image's `src` or `srcset` rewritten would be chosen again. */
export function setAttribute(element: Element | null | undefined, name: string, value: string): void {
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Runs `task` once the page has loaded (and `delayMs` more) and the browser is idle, as the islands' `client:idle`
 * did: reading the API again never competes with the page's first render and its images.
 */
export function whenLoadedAndIdle(task: () => void, delayMs = 0): void {
  const idle = () =>
    "requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200);
  const loaded = () => setTimeout(idle, delayMs);
  if (document.readyState === "complete") loaded();
  else addEventListener("load", loaded, { once: true });
}
