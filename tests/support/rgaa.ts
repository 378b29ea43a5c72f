/**
 * The six sections of the RGAA's model accessibility statement, in its order: what the statement the shop builds
 * (src/lib/accessibility-statement.ts) must hold, and what its page (/accessibilite) must show as headings.
 */
export const RGAA_MODEL_SECTIONS = [
  "État de conformité",
  "Résultats des tests",
  "Contenus non accessibles",
  "Établissement de cette déclaration",
  "Retour d'information et contact",
  "Voies de recours",
] as const;
