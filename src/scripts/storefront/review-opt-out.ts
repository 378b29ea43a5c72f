/**
 * /avis-clients/desinscription#jeton=<token>: the review invitation's opt-out. The token stays in the fragment (never
 * sent to a server until the button posts it) and the French answer replaces the form. No framework.
 */

import { optOutTokenOf } from "../../domain/reviews/opt-out";
import { api, unwrap } from "../../lib/api/client";
import { ApiError } from "../../lib/api-client";
import { setText } from "./dom";

const page = document.querySelector<HTMLElement>("[data-review-opt-out]");
const form = page?.querySelector<HTMLFormElement>("[data-review-opt-out-form]");
const result = page?.querySelector<HTMLElement>("[data-review-opt-out-result]");

function answer(text: string): void {
  setText(result, text);
  result?.focus();
}

async function optOut(token: string, button: HTMLButtonElement | null): Promise<void> {
  if (button) button.disabled = true;
  try {
    const { message } = await unwrap(
      api.POST("/api/reviews/invitations/opt-out/{token}", { params: { path: { token } } }),
    );
    form?.remove();
    answer(message);
  } catch (error) {
    if (button) button.disabled = false;
    answer(
      error instanceof ApiError && error.status !== 0
        ? error.message
        : "La demande n'a pas pu être envoyée : vérifiez votre connexion et réessayez.",
    );
  }
}

if (page && form) {
  const token = optOutTokenOf(window.location.hash);
  if (!token) {
    form.remove();
    setText(result, "Ce lien est incomplet : ouvrez-le à nouveau depuis l'e-mail reçu.");
  } else {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void optOut(token, form.querySelector("button"));
    });
  }
  page.setAttribute("data-ready", "");
}
