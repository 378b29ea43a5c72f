/**
 * The accessibility statement's facts, in the structure of the RGAA's model statement: conformity
 * status, test results, content not accessible, how the statement was made, feedback and contact, recourse.
 *
 * The status follows the RGAA's own rule (https://www.numerique.gouv.fr/publications/rgaa-accessibilite/conformite/):
 * « totalement conforme » when every applicable criterion of an audit is met, « partiellement conforme » from 50 %, « non conforme »
 * below 50 % *or when no valid audit result exists*. The shop has had no RGAA audit: its automated axe-core checks and
 * keyboard journeys are a self-assessment that measures no RGAA rate, so the status it may claim is « non conforme »
 * until an audit is recorded in ACCESSIBILITY_AUDIT (decision record 035). Pure: the page and its test read it.
 */

export const CONFORMITY_STATUSES = ["totalement conforme", "partiellement conforme", "non conforme"] as const;
export type ConformityStatus = (typeof CONFORMITY_STATUSES)[number];

/** The RGAA version the statement refers to (the version in force). */
export const RGAA_VERSION = "4.1.2";

/** An RGAA audit's result: how many applicable criteria were met, when, and by whom. */
export interface AccessibilityAudit {
  /** ISO date of the audit's end. */
  date: string;
  auditor: string;
  criteriaMet: number;
  criteriaApplicable: number;
}

/** No RGAA audit yet. Record one here (its date, auditor and counts) and the status follows. */
export const ACCESSIBILITY_AUDIT: AccessibilityAudit | null = null;

/** The RGAA's status for an audit result; « non conforme » without one, or with an unusable one. */
export function conformityStatus(audit: AccessibilityAudit | null): ConformityStatus {
  if (!audit || !(audit.criteriaApplicable > 0) || audit.criteriaMet < 0) return "non conforme";
  const rate = Math.min(audit.criteriaMet, audit.criteriaApplicable) / audit.criteriaApplicable;
  if (rate === 1) return "totalement conforme";
  return rate >= 0.5 ? "partiellement conforme" : "non conforme";
}

/** The conformity rate of an audit, in whole percents rounded down (a rate is never overstated); null without one. */
export function conformityRate(audit: AccessibilityAudit | null): number | null {
  if (!audit || !(audit.criteriaApplicable > 0)) return null;
  return Math.floor((100 * Math.min(audit.criteriaMet, audit.criteriaApplicable)) / audit.criteriaApplicable);
}

/**
 * The self-assessment the statement reports (tests/e2e/accessibility.spec.ts and the keyboard journeys of the e2e
 * suite), with the date of the run the statement was written from. Update the date and versions with a new run.
 */
export const SELF_ASSESSMENT = {
  /** ISO date of the run of tests/e2e/accessibility.spec.ts this statement reports. */
  date: "2026-11-27",
  technologies: ["HTML5", "CSS", "JavaScript", "WAI-ARIA"],
  tools: ["axe-core 4.14 (règles WCAG 2.0, 2.1 et 2.2, niveaux A et AA)", "Playwright 1.65"],
  browsers: ["Chromium 150 sous Linux (Debian 12)"],
  /** The pages axe checks, as the statement names them. */
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

/** What is known not to be accessible (the RGAA's « Contenus non accessibles »), by the RGAA's three headings. */
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

/** The Défenseur des droits, the recourse the RGAA's model names. */
export const DEFENDER_OF_RIGHTS = {
  form: "https://formulaire.defenseurdesdroits.fr/",
  delegates: "https://www.defenseurdesdroits.fr/saisir/delegues",
  post: "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07",
} as const;
