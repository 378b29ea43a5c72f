import { GUEST_ATTACH_LINK_HOURS } from "../../../../src/domain/accounts/guest-account";
import { greetingLine, layout } from "../../../mail/layout";
import type { Mail } from "../../../platform/adapters/mail";

export type AttachMailReason = "created" | "taken" | "requested";

const BUTTON = "Retrouver mes commandes";

function intro(reason: AttachMailReason, shopName: string): string[] {
  switch (reason) {
    case "created":
      return [
        `Bienvenue chez ${shopName} ! Votre compte est créé avec cette adresse e-mail.`,
        "Pour y retrouver aussi les commandes que vous avez passées sans compte avec cette adresse, suivez ce lien : il nous confirme que l'adresse est bien la vôtre.",
      ];
    case "taken":
      return [
        `Vous avez demandé à créer un compte ${shopName} après une commande passée sans compte.`,
        "Vous avez déjà un compte : connectez-vous puis suivez ce lien pour y retrouver vos commandes passées sans compte.",
      ];
    case "requested":
      return [
        `Vous avez demandé à retrouver dans votre compte ${shopName} les commandes passées sans compte avec cette adresse e-mail.`,
        "Connectez-vous si besoin, puis suivez ce lien : elles apparaîtront dans « Mes commandes ».",
      ];
  }
}

/** It names no order: the reader learns only that this address ordered without an account, as she already knows. */
export function guestOrdersAttachMail(
  to: string,
  context: { shopName: string; fullName: string; link: string; reason: AttachMailReason },
): Mail {
  const { shopName, fullName, link, reason } = context;
  const closing =
    reason === "created"
      ? `Ce lien est valable ${GUEST_ATTACH_LINK_HOURS} heures et ne sert qu'une fois. Si vous n'avez pas créé ce compte, ne le suivez pas et répondez-nous simplement : nous regarderons cela avec vous.`
      : `Ce lien est valable ${GUEST_ATTACH_LINK_HOURS} heures et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.`;
  const paragraphs = [greetingLine(fullName), ...intro(reason, shopName), closing];
  const subject =
    reason === "created"
      ? `${shopName} — Bienvenue ! Retrouvez vos commandes`
      : `${shopName} — Retrouvez vos commandes dans votre compte`;
  return {
    to,
    subject,
    text: `${paragraphs.join("\n\n")}\n\n${BUTTON} :\n${link}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: BUTTON, url: link }),
  };
}
