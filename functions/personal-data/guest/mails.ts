import { GUEST_DATA_LINK_HOURS } from "../../../src/domain/personal-data/guest-data";
import { layout } from "../../mail/layout";
import type { Mail } from "../../platform/adapters/mail";

/** It names no order: whoever reads the mail learns only that this address ordered without an account. */
export function guestDataLinkMail(to: string, shopName: string, link: string): Mail {
  const paragraphs = [
    "Bonjour,",
    `Vous avez demandé à accéder aux données que ${shopName} conserve sur les commandes passées sans compte avec cette adresse e-mail.`,
    "Ce lien vous permet de les télécharger (vos commandes, vos factures et avoirs) ou de les effacer. Les factures et avoirs sont conservés 10 ans, comme la loi l'exige.",
    `Il est valable ${GUEST_DATA_LINK_HOURS} heures. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message : rien ne change.`,
  ];
  return {
    to,
    subject: `${shopName} — Accéder à vos données`,
    text: `${paragraphs.slice(0, 3).join("\n\n")}\n\nAccéder à vos données :\n${link}\n\n${paragraphs[3]}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Accéder à mes données", url: link }),
  };
}
