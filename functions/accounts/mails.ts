import { greetingLine, layout } from "../mail/layout";
import type { Mail } from "../platform/adapters/mail";

/** The accounts' mails: a password reset link, and the notice of a sign-in locked after failed tries. */

export function resetPasswordMail(to: string, shopName: string, fullName: string, link: string): Mail {
  const greeting = greetingLine(fullName);
  const paragraphs = [
    greeting,
    `Vous avez demandé à réinitialiser le mot de passe de votre compte ${shopName}.`,
    "Ce lien est valable 60 minutes et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.",
  ];
  return {
    to,
    subject: `${shopName} — Réinitialisation de votre mot de passe`,
    text: `${paragraphs.slice(0, 2).join("\n\n")}\n\nChoisissez un nouveau mot de passe ici :\n${link}\n\n${paragraphs[2]}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Choisir un nouveau mot de passe", url: link }),
  };
}

/**
 * Sign-in locked: sent once per lock (a conditional write decides: accounts/auth.ts), with a
 * reset link. It says what happened and what the link does, and that nothing is needed if the holder made the tries.
 */
export function signinLockedMail(to: string, shopName: string, fullName: string, link: string): Mail {
  const greeting = greetingLine(fullName);
  const paragraphs = [
    greeting,
    `Plusieurs tentatives de connexion à votre compte ${shopName} ont échoué (mot de passe incorrect) : par précaution, la connexion est momentanément bloquée depuis l'adresse d'où elles venaient, ou partout si elles venaient de nombreuses adresses.`,
    "Si ce n'était pas vous, quelqu'un essaie peut-être de deviner votre mot de passe. Choisissez-en un nouveau avec le lien ci-dessous : il lève aussitôt le blocage. Ce lien est valable 60 minutes et ne peut servir qu'une fois.",
    "Si c'était vous, vous pouvez aussi simplement attendre un quart d'heure, ou utiliser ce lien si vous avez oublié votre mot de passe.",
  ];
  return {
    to,
    subject: `${shopName} — Connexion bloquée après plusieurs échecs`,
    text: `${paragraphs.slice(0, 3).join("\n\n")}\n\nChoisir un nouveau mot de passe :\n${link}\n\n${paragraphs[3]}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Choisir un nouveau mot de passe", url: link }),
  };
}
