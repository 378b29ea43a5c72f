/**
 * The cart page without a framework (docs/decisions/044): the inline script cart-boot.ts painted the stored cart
 * before the first frame from lib/cart-view.ts; this module takes over from the same view and changes only the nodes
 * that differ (morph.ts), so the focus stays where the shopper is.
 */

import { checkoutMessages } from "../../domain/checkout/messages";
import { type AppliedPromo, cartTotals } from "../../domain/checkout/totals";
import { centsToEuros } from "../../domain/money";
import { ApiError } from "../../lib/api-client";
import {
  type CartViewState,
  cartContent,
  describeCartChange,
  idlePromoForm,
  PROMO_INPUT_ID,
  type PromoFormState,
} from "../../lib/cart-view";
import { hasSessionHint } from "../../lib/session-hint";
import { $cart, removeFromCart, updateCartQuantity } from "../../stores/cart";
import {
  $appliedPromo,
  $shippingSettings,
  applyPromo,
  clearCartWithUndo,
  clearPromo,
  loadShippingSettings,
  refreshCartFromCatalog,
  revalidatePromoSoon,
} from "../../stores/checkout";
import { $session, startSession } from "../../stores/session";
import { earlyCartEvents, isPromoEnter } from "./cart-events";
import { morph } from "./morph";

/** The message for a failed POST /api/promo/validate (spec 8 "Promo"). */
export function promoFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) {
    return /^HTTP \d+$/.test(error.message) ? checkoutMessages.promoCheckFailed : error.message;
  }
  return checkoutMessages.promoNetwork;
}

function enhanceCartPage(root: HTMLElement, heading: HTMLElement): void {
  let changes: readonly string[] = [];
  /** After « Vider le panier »: the way back, offered while the cart stays empty. */
  let undo: (() => void) | null = null;
  let promoForm: PromoFormState = idlePromoForm;
  /** Where the keyboard goes once the next render is done. */
  let focusNext: (() => HTMLElement | null) | null = null;
  let cancelRevalidation = () => {};
  let revalidated: { promo: AppliedPromo | undefined; subtotal: number } | null = null;

  const state = (): CartViewState => {
    const session = $session.get().status;
    return {
      cart: $cart.get(),
      shipping: $shippingSettings.get(),
      promo: $appliedPromo.get() ?? null,
      // Until the API answered, the hint cookie decides, as the inline script did: nothing moves when it confirms.
      signedIn:
        session === "signed-in" || ((session === "unknown" || session === "loading") && hasSessionHint()),
      changes,
      undo: undo !== null,
      promoForm,
    };
  };

  const render = (): void => {
    const current = state();
    // A code on an empty cart means nothing (the cart may also be emptied from another tab).
    if (current.cart.length === 0 && current.promo) {
      clearPromo();
      return;
    }
    if (current.cart.length > 0 && undo) {
      undo = null;
      current.undo = false;
    }
    morph(root, cartContent(current));
    const target = focusNext?.();
    focusNext = null;
    target?.focus();
    revalidate(current);
  };

  let queued = false;
  /** One render for the stores' changes of a same task (a click changes the cart and the promo). */
  const update = (): void => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      render();
    });
  };

  const setPromoForm = (next: Partial<PromoFormState>): void => {
    promoForm = { ...promoForm, ...next };
    update();
  };

  /** The applied code, asked again when the subtotal it was validated for changed (stores/checkout.ts). */
  const revalidate = ({ cart, shipping, promo }: CartViewState): void => {
    const subtotal = cart.length > 0 ? cartTotals(cart, shipping, promo).subtotal : 0;
    const wanted = promo ?? undefined;
    if (revalidated && revalidated.promo === wanted && revalidated.subtotal === subtotal) return;
    revalidated = { promo: wanted, subtotal };
    cancelRevalidation();
    cancelRevalidation = revalidatePromoSoon(wanted, subtotal, (message) =>
      setPromoForm({ notice: message }),
    );
  };

  const applyCode = async (): Promise<void> => {
    if (promoForm.checking) return;
    const wanted = promoForm.code.trim();
    if (!wanted) {
      setPromoForm({ notice: checkoutMessages.promoEmpty });
      return;
    }
    setPromoForm({ checking: true, notice: null });
    const subtotal = cartTotals($cart.get(), $shippingSettings.get(), $appliedPromo.get() ?? null).subtotal;
    try {
      const { validatePromoCode } = await import("../../lib/cart-client");
      const result = await validatePromoCode(wanted, centsToEuros(subtotal), $cart.get());
      if (result.valid) {
        applyPromo({ ...result.promo, subtotal_amount: centsToEuros(subtotal) });
        setPromoForm({ code: "", checking: false });
        return;
      }
      setPromoForm({ checking: false, notice: result.error || checkoutMessages.promoInvalid });
    } catch (error) {
      setPromoForm({ checking: false, notice: promoFailureMessage(error) });
    }
  };

  const onClick = (target: Element): void => {
    const step = target.closest<HTMLButtonElement>("[data-cart-step]");
    if (step) {
      const id = Number(step.dataset.id);
      const item = $cart.get().find((line) => line.id === id);
      if (!item) return;
      const quantity = item.quantity + Number(step.dataset.cartStep);
      if (quantity <= 0) focusNext = () => heading;
      updateCartQuantity(id, quantity);
      return;
    }
    const remove = target.closest<HTMLElement>("[data-cart-remove]");
    if (remove) {
      focusNext = () => heading;
      removeFromCart(Number(remove.dataset.cartRemove));
      return;
    }
    if (target.closest("[data-cart-clear]")) {
      undo = clearCartWithUndo();
      focusNext = () => root.querySelector<HTMLElement>("[data-cart-undo]");
      update();
      return;
    }
    if (target.closest("[data-cart-undo]")) {
      const restore = undo;
      undo = null;
      focusNext = () => heading;
      restore?.();
      update();
      return;
    }
    if (target.closest("[data-promo-remove]")) {
      clearPromo();
      setPromoForm({ notice: null });
    }
  };

  root.addEventListener("click", (event) => {
    if (event.target instanceof Element) onClick(event.target);
  });

  root.addEventListener("submit", (event) => {
    if (!(event.target instanceof HTMLFormElement) || !event.target.matches("[data-promo-form]")) return;
    event.preventDefault();
    void applyCode();
  });

  root.addEventListener("input", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.id !== PROMO_INPUT_ID) return;
    // Typed in capitals, as the code is printed; the caret stays where it was.
    const upper = input.value.toUpperCase();
    if (upper !== input.value) {
      const { selectionStart, selectionEnd } = input;
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    setPromoForm({ code: upper, ...(promoForm.notice ? { notice: null } : {}) });
  });

  root.addEventListener("keydown", (event) => {
    // The button is disabled while the field is empty: Enter still explains why nothing happens.
    if (!isPromoEnter(event) || (event.target as HTMLInputElement).value.trim()) return;
    event.preventDefault();
    void applyCode();
  });

  // The build's shipping settings, which the first paint used, until the API's (read again below).
  try {
    const built = JSON.parse(root.dataset.shipping ?? "");
    if (built) $shippingSettings.set(built);
  } catch {}

  // A code typed before the module came.
  const typed = root.querySelector<HTMLInputElement>(`#${PROMO_INPUT_ID}`)?.value.trim().toUpperCase();
  if (typed) promoForm = { ...promoForm, code: typed };

  for (const store of [$cart, $appliedPromo, $shippingSettings, $session]) store.listen(update);
  render();
  // What the shopper did on the painted page before this module came, in order (the inline script kept it; before
  // the module, the promo's button was disabled whatever was typed, so a kept Enter or sending applies the code).
  for (const event of earlyCartEvents(root).splice(0)) {
    if (event.type === "click" && event.target instanceof Element) onClick(event.target);
    else void applyCode();
  }
  void startSession();
  void loadShippingSettings();
  refreshCartFromCatalog()
    .then((found) => {
      changes = found.map(describeCartChange);
      if (changes.length > 0) update();
    })
    .catch(() => undefined);
  // The buttons work from here on (the page's scripts come after its first paint).
  root.dataset.ready = "";
}

const root = document.querySelector<HTMLElement>("[data-cart-content]");
const heading = document.querySelector<HTMLElement>("[data-cart-heading]");
if (root && heading) enhanceCartPage(root, heading);
