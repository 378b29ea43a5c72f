/**
 * The accessibility statement's facts, per the RGAA's model statement. Status rule:
 * https://www.numerique.gouv.fr/publications/rgaa-accessibilite/conformite/ — without an audit the shop may only claim
 * « non conforme »: automated checks measure no RGAA rate (decision record 035).
 */

export const CONFORMITY_STATUSES = ["totalement conforme", "partiellement conforme", "non conforme"] as const;
export type ConformityStatus = (typeof CONFORMITY_STATUSES)[number];

export const RGAA_VERSION = "4.1.2";

export interface AccessibilityAudit {
  date: string;
  auditor: string;
  criteriaMet: number;
  criteriaApplicable: number;
}

/** Record an audit here and the status follows. */
export const ACCESSIBILITY_AUDIT: AccessibilityAudit | null = null;

export function conformityStatus(audit: AccessibilityAudit | null): ConformityStatus {
  if (!audit || !(audit.criteriaApplicable > 0) || audit.criteriaMet < 0) return "non conforme";
  const rate = Math.min(audit.criteriaMet, audit.criteriaApplicable) / audit.criteriaApplicable;
  if (rate === 1) return "totalement conforme";
  return rate >= 0.5 ? "partiellement conforme" : "non conforme";
}

/** Rounded down: a rate is never overstated. */
export function conformityRate(audit: AccessibilityAudit | null): number | null {
  if (!audit || !(audit.criteriaApplicable > 0)) return null;
  return Math.floor((100 * Math.min(audit.criteriaMet, audit.criteriaApplicable)) / audit.criteriaApplicable);
}

/** tests/e2e/accessibility.spec.ts and the keyboard journeys; update the date and versions with a new run. */
export const SELF_ASSESSMENT = {
  date: "2026-11-27",
  technologies: ["HTML5", "CSS", "JavaScript", "WAI-ARIA"],
  tools: ["axe-core 4.14 (règles WCAG 2.0, 2.1 et 2.2, niveaux A et AA)", "Playwright 1.65"],
  browsers: ["Chromium 150 sous Linux (Debian 12)"],
  pages: [
    "l'accueil",
    "une fiche produit",
    "le panier",
    "la commande et le paiement",
    "« Mes commandes » et le suivi d'une commande",
    "« Mon Profil »",
    "la rétractation en ligne",
    "la réinitialisation du mot de passe",
    "la foire aux questions",
    "les conditions générales de vente",
    "les mentions légales",
    "les retours et échanges",
    "les droits d'auteur",
    "cette déclaration",
    "la page de maintenance",
    "la page d'erreur 404",
    "la fenêtre de connexion",
    "chaque onglet de l'administration",
  ],
} as const;

/** The RGAA's « Contenus non accessibles ». */
export const NOT_ACCESSIBLE = {
  nonConformities: [
    "Les factures et avoirs au format PDF ne sont pas balisés (pas de structure de titres ni de tableau lisible par " +
      "un lecteur d'écran) et ne déclarent pas leur langue ; leur contenu (produits, quantités, prix, totaux) figure " +
      "aussi en texte dans « Mes commandes » et dans les e-mails de commande.",
  ],
  disproportionateBurden: [] as string[],
  notSubject: [
    "La fenêtre de paiement PayPal, fournie par PayPal et dont l'accessibilité ne dépend pas de nous ; le paiement " +
      "par virement bancaire reste possible sans elle lorsqu'il est proposé.",
  ],
} as const;

export const DEFENDER_OF_RIGHTS = {
  form: "https://formulaire.defenseurdesdroits.fr/",
  delegates: "https://www.defenseurdesdroits.fr/saisir/delegues",
  post: "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07",
} as const;
