/**
 * The waitlist form of the prebuilt product pages, without a framework (decision record 026): the build prints the
 * React WaitlistForm as static HTML (hidden unless the product was out of stock then); this module gives it the
 * island's behaviour (checks, focus on the first error, the answer announced) and buy-box.ts opens or closes it as
 * the stock read from the API says. Texts and rules come from lib/waitlist-view.ts, shared with the React form.
 */

import type { WaitlistOutcome } from "../../lib/waitlist-submit";
import {
  checkWaitlistForm,
  WAITLIST_OFFLINE,
  WAITLIST_SENDING,
  WAITLIST_SUBMIT,
  type WaitlistErrors,
  type WaitlistField,
} from "../../lib/waitlist-view";
import { setText } from "./dom";

export function enhanceWaitlist(form: HTMLFormElement): void {
  const productId = Number(form.dataset.waitlist);
  const email = form.querySelector<HTMLInputElement>("[data-waitlist-email]");
  const consent = form.querySelector<HTMLInputElement>("[data-waitlist-consent]");
  const submit = form.querySelector<HTMLButtonElement>("[data-waitlist-submit]");
  const fields = form.querySelector<HTMLElement>("[data-waitlist-fields]");
  const status = form.querySelector<HTMLElement>("[data-waitlist-status]");
  if (!email || !consent || !submit || !productId) return;
  const inputs: Record<WaitlistField, HTMLInputElement> = { email, consent };
  let busy = false;

  const showErrors = (errors: WaitlistErrors): void => {
    for (const field of ["email", "consent"] as const) {
      setText(form.querySelector(`[data-waitlist-error="${field}"]`), errors[field] ?? "");
      if (errors[field]) inputs[field].setAttribute("aria-invalid", "true");
      else inputs[field].removeAttribute("aria-invalid");
    }
  };
  const focusFirst = (errors: WaitlistErrors): void => {
    if (errors.email) email.focus();
    else if (errors.consent) consent.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    const local = checkWaitlistForm(email.value, consent.checked);
    showErrors(local);
    if (local.email || local.consent) {
      setText(status, "");
      focusFirst(local);
      return;
    }
    busy = true;
    submit.setAttribute("aria-disabled", "true");
    setText(submit, WAITLIST_SENDING);
    const outcome: WaitlistOutcome = await import("../../lib/waitlist-submit").then(
      ({ submitWaitlist }) => submitWaitlist(productId, email.value),
      () => ({ ok: false, message: WAITLIST_OFFLINE, errors: {} }),
    );
    busy = false;
    submit.setAttribute("aria-disabled", "false");
    setText(submit, WAITLIST_SUBMIT);
    setText(status, outcome.message);
    if (outcome.ok) {
      showErrors({});
      if (fields) fields.hidden = true;
      status?.focus();
    } else {
      showErrors(outcome.errors);
      focusFirst(outcome.errors);
    }
  });
  form.dataset.ready = "";
}

/** Opens the form when the product is on sale and out of stock, closes it otherwise (the API's fresh figures). */
export function setWaitlistOpen(form: HTMLFormElement | null, open: boolean): void {
  if (form && form.hidden === open) form.hidden = !open;
}
