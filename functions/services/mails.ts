import type { Mail } from "../adapters/mail";

/** Escapes text for the HTML part of a mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(shopName: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4d5b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : "";
  return `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(shopName)}</h1>${body}${button}</body></html>`;
}

export function resetPasswordMail(to: string, shopName: string, fullName: string, link: string): Mail {
  const greeting = fullName ? `Bonjour ${fullName},` : "Bonjour,";
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
