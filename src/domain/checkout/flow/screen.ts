/**
 * What the checkout page shows around the form, from the flow's phase, the session and the guest's choice. Without
 * zod, as the modules of checkout/: the island imports this file.
 */
import type { PhaseName } from "./state";

/**
 * What the page shows around the form: the success screen, a wait, the sign-in prompt, the customer's form, or the
 * guest's (signed out, « Commander sans compte » chosen). A session wins over the guest's choice.
 */
export function checkoutScreen(input: {
  phase: PhaseName;
  hydrated: boolean;
  session: "unknown" | "loading" | "signed-in" | "signed-out";
  cartEmpty: boolean;
  /** The tab chose « Commander sans compte » (stores/guest-checkout.ts). */
  guest?: boolean;
}): "placed" | "loading" | "sign_in" | "form" | "guest_form" {
  if (input.phase === "placed") return "placed";
  if (!input.hydrated || input.session === "unknown" || input.session === "loading" || input.cartEmpty)
    return "loading";
  if (input.session === "signed-in") return "form";
  return input.guest ? "guest_form" : "sign_in";
}
