/**
 * Loaded by every page of the production build (BaseLayout, after the first paint): registers the service worker
 * (/sw.js, scope /) once the page has loaded and the browser is idle. On the very first visit the worker is asked to
 * keep the page that was loaded before it existed, so that page opens offline too.
 *
 * When a new version takes over a page that already had one (a new app shell: integration.mjs), the page reloads so
 * that it runs the code the new worker serves, but never under the visitor (a reload erases what was typed):
 *   - a page with unsaved input (hasUnsavedInput) is left as it is; its next navigation loads the new version, as
 *     every navigation of this multi-page site loads a whole document, and a page brought back from the
 *     back/forward cache reloads then if nothing is left unsaved;
 *   - a payment page never reloads (a reload would lose the PayPal window);
 *   - any other page reloads at once.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const sw = navigator.serviceWorker;
  const firstVisit = !sw.controller;
  let controlled = !firstVisit;
  let outdated = false;
  let reloading = false;
  watchFields();
  const reload = () => {
    if (reloading || /^\/payment/i.test(location.pathname)) return;
    if (hasUnsavedInput()) return;
    reloading = true;
    location.reload();
  };
  sw.addEventListener("controllerchange", () => {
    if (controlled) {
      outdated = true;
      reload();
    }
    controlled = true;
  });
  // Back to a page kept by the back/forward cache after the new version took over: it is still the old one.
  addEventListener("pageshow", (event) => {
    if (event.persisted && outdated) reload();
  });
  const register = () =>
    sw
      .register("/sw.js", { scope: "/" })
      .then(() => sw.ready)
      .then((registration) => {
        if (firstVisit) registration.active?.postMessage({ type: "cache-page", url: location.href });
      })
      .catch(() => {});
  // After the page has loaded and settled: the precache download must not compete with the page's own work.
  const later = () =>
    "requestIdleCallback" in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Buttons and hidden fields hold no typing. */
const NOT_TYPED = new Set(["button", "submit", "reset", "image", "hidden"]);

function isField(target: EventTarget | null): target is Field {
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function stateOf(field: Field): string {
  if (field instanceof HTMLSelectElement) return [...field.options].map((option) => option.selected).join();
  if (field.type === "checkbox" || field.type === "radio") return String((field as HTMLInputElement).checked);
  if (field.type === "file") return String((field as HTMLInputElement).files?.length ?? 0);
  return field.value;
}

/** Changed without being focused first (the browser's autofill): unsaved whatever its value. */
const UNKNOWN = "\u0000";
/** What each field held when the visitor first reached it, before typing. */
const firstSeen = new WeakMap<Field, string>();

function watchFields(): void {
  addEventListener(
    "focusin",
    (event) => {
      if (isField(event.target) && !firstSeen.has(event.target))
        firstSeen.set(event.target, stateOf(event.target));
    },
    true,
  );
  for (const type of ["input", "change"]) {
    addEventListener(
      type,
      (event) => {
        if (isField(event.target) && !firstSeen.has(event.target)) firstSeen.set(event.target, UNKNOWN);
      },
      true,
    );
  }
}

/**
 * Whether the page holds input the visitor would lose on a reload: a field whose value differs from its default
 * (the value, checked state or selected options the HTML gave it), or from what it held when the visitor first
 * reached it. The second rule is for the islands (the withdrawal form, the admin panel...): a framework may keep a
 * controlled field's default in step with its value (React does), so the first rule alone would not see what was typed.
 * A field a script filled counts too (value against default): on the safe side, that page reloads at its next
 * navigation instead.
 */
export function hasUnsavedInput(root: ParentNode = document): boolean {
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) {
    if (!isField(field) || field.disabled) continue;
    const seen = firstSeen.get(field);
    if (seen !== undefined && (seen === UNKNOWN || seen !== stateOf(field))) return true;
    if (field instanceof HTMLSelectElement) {
      if (selectionChanged(field)) return true;
    } else if (field.type === "checkbox" || field.type === "radio") {
      const input = field as HTMLInputElement;
      if (input.checked !== input.defaultChecked) return true;
    } else if (field.type === "file") {
      if ((field as HTMLInputElement).files?.length) return true;
    } else if (field.value !== field.defaultValue) return true;
  }
  return false;
}

/** A select with no option marked selected in its HTML starts on its first enabled option (single choice). */
function selectionChanged(select: HTMLSelectElement): boolean {
  const options = [...select.options];
  const defaults = options.map((option) => option.defaultSelected);
  if (!select.multiple && !defaults.includes(true)) {
    const first = options.findIndex((option) => !option.disabled);
    if (first >= 0) defaults[first] = true;
  }
  return options.some((option, index) => option.selected !== defaults[index]);
}
