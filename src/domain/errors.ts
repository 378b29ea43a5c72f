/** One error vocabulary: a stable code, its HTTP status and a safe French message (`{ error, code, ...details }`). */
export const errorCatalogue = {
  VALIDATION: { status: 400, message: "Les données envoyées sont invalides." },
  BAD_JSON: { status: 400, message: "Le corps de la requête doit être du JSON valide." },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Le contenu doit être envoyé en JSON." },
  UNAUTHENTICATED: { status: 401, message: "Veuillez vous connecter pour continuer." },
  FORBIDDEN: { status: 403, message: "Vous n'avez pas les droits nécessaires." },
  NOT_FOUND: { status: 404, message: "Ressource introuvable." },
  PRODUCT_NOT_FOUND: { status: 404, message: "Produit non trouvé" },
  /** L111-1; Regulation 1223/2009 art. 19; decision record 015. */
  PRODUCT_INCOMPLETE: {
    status: 409,
    message: "Ce produit ne peut pas être mis en vente tant que des informations obligatoires manquent.",
  },
  CONFLICT: { status: 409, message: "Conflit avec l'état actuel de la ressource." },
  INVALID_CREDENTIALS: { status: 401, message: "E-mail ou mot de passe incorrect." },
  WRONG_PASSWORD: { status: 400, message: "Le mot de passe actuel est incorrect." },
  INVALID_RESET_TOKEN: {
    status: 400,
    message: "Lien de réinitialisation de mot de passe invalide ou expiré. Veuillez refaire une demande.",
  },
  ADDRESS_NOT_FOUND: { status: 404, message: "Adresse introuvable." },
  ORDER_NOT_FOUND: { status: 404, message: "Commande non trouvée." },
  REVIEW_NOT_FOUND: { status: 404, message: "Avis introuvable." },
  REVIEW_CHANGED: {
    status: 409,
    message: "Cet avis a changé entre-temps (modifié par son auteur ou déjà modéré) : rechargez la liste.",
  },
  /** A guest link to an order since joined to its owner's account (decision record 049). */
  ORDER_IN_ACCOUNT: {
    status: 401,
    message: "Cette commande est rattachée à votre compte client : connectez-vous pour la suivre.",
  },
  OUT_OF_STOCK: { status: 409, message: "Stock insuffisant pour un produit de votre panier." },
  PRODUCT_UNAVAILABLE: { status: 409, message: "Un produit de votre panier n'est plus disponible." },
  PRICE_CHANGED: {
    status: 409,
    message: "Les prix ou les frais de livraison ont changé. Vérifiez le nouveau total avant de confirmer.",
  },
  PROMO_INVALID: { status: 409, message: "Code promo invalide" },
  PROMO_NOT_STARTED: { status: 409, message: "Ce code promo n'est pas encore valable." },
  PROMO_EXPIRED: { status: 409, message: "Ce code promo a expiré." },
  PROMO_MIN_ORDER: { status: 409, message: "Montant minimum de commande non atteint pour ce code promo." },
  PROMO_EXHAUSTED: { status: 409, message: "Ce code promo a atteint sa limite d'utilisation." },
  /** src/domain/orders/unpaid-holds.ts builds the message. */
  UNPAID_HOLD_LIMIT: {
    status: 409,
    message:
      "Vos commandes non payées réservent déjà assez de ce produit : réglez-les d'abord, ou commandez-en moins.",
  },
  PROMO_USER_LIMIT: { status: 409, message: "Vous avez déjà utilisé ce code promo aujourd'hui." },
  PROMO_SOLDES_EXCLUDED: { status: 409, message: "Ce code ne s'applique pas aux articles soldés." },
  BANK_TRANSFER_DISABLED: {
    status: 409,
    message: "Le paiement par virement est momentanément indisponible.",
  },
  DELIVERY_COUNTRY: { status: 400, message: "Nous livrons uniquement en France pour le moment." },
  PAYPAL_NOT_CONFIGURED: { status: 503, message: "PayPal n'est pas configuré." },
  PAYPAL_ERROR: {
    status: 502,
    message: "PayPal a rencontré un problème passager : réessayez dans quelques minutes.",
  },
  /** May succeed later (Retry-After). */
  PAYPAL_UNAVAILABLE: {
    status: 503,
    message: "PayPal ne répond pas pour le moment : réessayez dans quelques minutes.",
  },
  PAYPAL_NOT_APPROVED: {
    status: 409,
    message:
      "Le paiement n'a pas été validé dans la fenêtre PayPal : rien n'a été débité. Relancez le paiement.",
  },
  PAYMENT_DECLINED: { status: 402, message: "Le paiement a été refusé. Essayez un autre moyen de paiement." },
  ORDER_CLOSED: { status: 409, message: "Cette commande n'attend plus de paiement." },
  STOCK_CHANGED: {
    status: 409,
    message: "Le stock a changé depuis l'ouverture du formulaire.",
  },
  PRODUCT_CHANGED: {
    status: 409,
    message:
      "Le prix a été modifié entre-temps par un autre enregistrement : rechargez la fiche avant d'enregistrer.",
  },
  RETURN_INVALID: { status: 409, message: "Ce retour ne correspond pas à la commande." },
  REFUND_AMOUNT_CHANGED: {
    status: 409,
    message: "Le montant à rembourser a changé : vérifiez le nouveau montant avant de confirmer.",
  },
  WITHDRAWAL_CLOSED: {
    status: 409,
    message: "La rétractation n'est plus possible pour cette commande.",
  },
  STOCK_NEGATIVE: { status: 409, message: "Le stock ne peut pas devenir négatif." },
  ORDER_TRANSITION: { status: 409, message: "Ce changement n'est pas possible pour cette commande." },
  COLISSIMO_NOT_CONFIGURED: { status: 409, message: "Colissimo n'est pas configuré : complétez Paramètres." },
  /** Never two labels. */
  LABEL_IN_PROGRESS: {
    status: 409,
    message:
      "L'étiquette de cette commande est en cours de création : patientez quelques secondes puis rechargez.",
  },
  /** The label was bought but not all kept yet: the next click finishes keeping it and buys nothing. */
  LABEL_NOT_KEPT: {
    status: 503,
    message:
      "L'étiquette est achetée, mais la boutique n'a pas pu l'enregistrer jusqu'au bout : réessayez dans quelques instants, elle ne sera pas rachetée.",
  },
  /** Nothing was bought. */
  CARRIER_REFUSED: { status: 422, message: "Colissimo a refusé l'étiquette." },
  /** Nothing is recorded, the owner may retry. */
  CARRIER_UNAVAILABLE: {
    status: 503,
    message: "Colissimo ne répond pas pour le moment : réessayez dans quelques minutes.",
  },
  PICKUP_NOT_OFFERED: {
    status: 409,
    message: "La livraison en point relais n'est pas proposée pour le moment.",
  },
  /** Not one a recent search found (expired search, or a forged id). */
  PICKUP_POINT_UNKNOWN: {
    status: 422,
    message: "Ce point relais n'est plus proposé : veuillez faire une nouvelle recherche et en choisir un.",
  },
  NOTHING_TO_PAY: {
    status: 409,
    message: "Le montant à payer est nul : choisissez le virement pour valider la commande.",
  },
  /** draft-ietf-httpapi-idempotency-key-header-07 §2.7 asks for 422. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message:
      "Cette clé Idempotency-Key a déjà servi pour une autre commande : envoyez la nouvelle commande avec une nouvelle clé.",
  },
  EMAIL_TAKEN: { status: 409, message: "Un compte existe déjà avec cette adresse e-mail." },
  RATE_LIMITED: { status: 429, message: "Trop de tentatives. Veuillez réessayer plus tard." },
  SHOP_NOT_READY: {
    status: 503,
    message:
      "La boutique ne prend pas encore de commandes : elle termine sa mise en place. Revenez très bientôt !",
  },
  MAINTENANCE: { status: 503, message: "La boutique est en maintenance. Veuillez réessayer plus tard." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "La requête est trop volumineuse." },
  PHOTO_INVALID: {
    status: 415,
    message: "Ce fichier n'est pas une photo lisible : envoyez une image JPEG, PNG, WebP, AVIF ou HEIC.",
  },
  PHOTO_TOO_LARGE: { status: 413, message: "Cette photo dépasse 4 Mo : réduisez-la avant de l'envoyer." },
  PHOTO_DIMENSIONS: {
    status: 400,
    message: "Cette photo est trop petite ou trop grande : au moins 400 pixels de côté, au plus 8000.",
  },
  PHOTO_LIMIT: { status: 409, message: "Un produit compte au plus 10 photos : supprimez-en une d'abord." },
  REDUCTION_NOT_FOUND: { status: 404, message: "Réduction introuvable." },
  /** Decision record 054: each refusal names its product; the answer lists them all in `refusals`. */
  REDUCTION_REFUSED: { status: 409, message: "Cette réduction ne peut pas être programmée." },
  REDUCTION_OVER: { status: 409, message: "Cette réduction est déjà terminée." },
  REDUCTIONS_CHANGED: {
    status: 409,
    message: "Les réductions de ce produit ont changé entre-temps : rechargez la liste.",
  },
  PRICE_HELD_BY_REDUCTION: {
    status: 409,
    message:
      "Ce produit a une réduction programmée ou en cours : son prix ne peut changer qu'après sa fin, ou une fois la réduction annulée (le prix de référence annoncé en dépend).",
  },
  PHOTO_NOT_FOUND: { status: 404, message: "Photo introuvable." },
  PHOTOS_CHANGED: {
    status: 409,
    message: "Les photos de ce produit ont changé entre-temps : rechargez la liste avant de les réordonner.",
  },
  UNAVAILABLE: { status: 503, message: "Service momentanément indisponible, veuillez réessayer." },
  INTERNAL: { status: 500, message: "Une erreur interne est survenue. Veuillez réessayer." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;

  constructor(code: ErrorCode, message?: string, details: Record<string, unknown> = {}) {
    super(message ?? errorCatalogue[code].message);
    this.name = "DomainError";
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.details = details;
  }
}

export interface ErrorBody {
  error: string;
  code: ErrorCode;
  [detail: string]: unknown;
}

export function errorBody(error: DomainError): ErrorBody {
  return { ...error.details, error: error.message, code: error.code };
}
