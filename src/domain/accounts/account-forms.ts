/**
 * Account rules the browser needs, without zod: islands on public pages must stay light (no zod in their
 * bundles). The API validates again with the schemas of account.ts, which take these rules from here.
 */
/** E-mails are compared trimmed and lower-cased, so "Marie@Example.fr " and "marie@example.fr" are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spec 9: password minimum 6 (account.ts builds its schema from it). */
export const PASSWORD_MIN_LENGTH = 6;

/** The user menu's name: full name, else the part of the e-mail before @, else 'Utilisateur' (spec 2). */
export function displayName(user: { full_name?: string | null; email?: string | null }): string {
  const fullName = user.full_name?.trim();
  if (fullName) return fullName;
  const local = user.email?.split("@")[0]?.trim();
  return local || "Utilisateur";
}

/** Messages of spec 5 and 8 for the password forms, verbatim. */
export const passwordMessages = {
  changeMismatch: "Les nouveaux mots de passe ne correspondent pas.",
  changeTooShort: `Le nouveau mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  currentRequired: "Le mot de passe actuel est obligatoire.",
  changeSuccess: "Votre mot de passe a été modifié avec succès !",
  changeFailed: "Une erreur est survenue lors du changement de mot de passe.",
  resetMismatch: "Les mots de passe ne correspondent pas.",
  resetTooShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
  resetTokenMissing: "Token de réinitialisation manquant.",
  resetLinkInvalid: "Lien de réinitialisation de mot de passe invalide ou manquant.",
  resetSuccess:
    "Votre mot de passe a été réinitialisé avec succès ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.",
  resetFailed: "Une erreur est survenue lors de la réinitialisation du mot de passe.",
} as const;

/** Profile password change (spec 5), checked in the spec's order; null when the form may be sent. */
export function passwordChangeError(input: {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}): string | null {
  if (input.newPassword !== input.confirmation) return passwordMessages.changeMismatch;
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return passwordMessages.changeTooShort;
  if (!input.currentPassword) return passwordMessages.currentRequired;
  return null;
}

/** Reset with the mailed link (spec 5): token, then match, then length; null when the form may be sent. */
export function passwordResetError(input: {
  token: string | null;
  newPassword: string;
  confirmation: string;
}): string | null {
  if (!input.token) return passwordMessages.resetTokenMissing;
  if (input.newPassword !== input.confirmation) return passwordMessages.resetMismatch;
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) return passwordMessages.resetTooShort;
  return null;
}
