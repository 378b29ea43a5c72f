/**
 * What the cart and checkout screens say, without zod (the islands and the cart page import this file). The server
 * words its own checks the same; messages.test.ts keeps the copies below in step with it.
 */

export const checkoutMessages = {
  signInRequired: "Veuillez vous connecter pour continuer",
  addressRequired: "Veuillez sélectionner une adresse de livraison",
  senderNameRequired: "Veuillez indiquer le nom de la personne qui effectuera le virement",
  termsRequired: "Veuillez accepter les conditions générales de vente pour continuer",
  paymentFailed: "Une erreur est survenue lors du paiement",
  paypalFailed: "Une erreur est survenue lors du paiement PayPal",
  paypalNotConfigured: "PayPal n'est pas configuré.",
  promoEmpty: "Veuillez saisir un code promo",
  promoInvalid: "Code promo invalide",
  promoCheckFailed: "Erreur lors de la vérification du code",
  promoNetwork: "Erreur de connexion",
} as const;

/**
 * What the buyer reads when PayPal's own script fails (its buttons' onError, a render that fails): PayPal's messages
 * there are English and technical, so they go to the console only; the buyer gets the spec's
 * message and what to do next.
 */
export const PAYPAL_SCRIPT_FAILED = `${checkoutMessages.paypalFailed} : réessayez, ou choisissez le paiement par virement.`;
