/**
 * /liste-d-attente?confirmer=<token> or ?desinscrire=<token>: the links of the waitlist mails.
 * The page sends the token with a POST once it is open in a browser (a mail scanner that only fetches the link
 * changes nothing) and shows the French answer. No framework.
 */

import { api, unwrap } from "../../lib/api/client";
import { ApiError } from "../../lib/api-client";
import { setText } from "./dom";

const page = document.querySelector<HTMLElement>("[data-waitlist-link]");
const result = page?.querySelector<HTMLElement>("[data-waitlist-result]");
const heading = page?.querySelector<HTMLElement>("h1");

async function follow(): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  const confirm = params.get("confirmer");
  const unsubscribe = params.get("desinscrire");
  const token = confirm ?? unsubscribe;
  if (!token) {
    setText(result, "Ce lien est incomplet : ouvrez-le à nouveau depuis l'e-mail reçu.");
    return;
  }
  setText(heading, confirm ? "Confirmation de votre alerte" : "Désinscription de l'alerte");
  try {
    const { message } = await unwrap(
      confirm
        ? api.POST("/api/waitlist/confirm", { body: { token } })
        : api.POST("/api/waitlist/unsubscribe", { body: { token } }),
    );
    setText(result, message);
  } catch (error) {
    setText(
      result,
      error instanceof ApiError && error.status !== 0
        ? error.message
        : "La demande n'a pas pu être envoyée : vérifiez votre connexion et rechargez la page.",
    );
  }
  page?.setAttribute("data-done", "");
}

if (page) void follow();
