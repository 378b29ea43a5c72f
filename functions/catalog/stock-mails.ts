import { layout } from "../mail/layout";
import type { Mail } from "../platform/adapters/mail";

export function lowStockMail(
  to: string,
  shopName: string,
  product: { id: number; name: string; stock: number; low_stock_threshold: number },
  adminUrl: string,
): Mail {
  const left =
    product.stock === 0
      ? "Il est en rupture de stock."
      : `Il en reste ${product.stock} (seuil d'alerte : ${product.low_stock_threshold}).`;
  const paragraphs = [
    "Bonjour,",
    `Le stock du produit « ${product.name} » vient d'atteindre son seuil d'alerte. ${left}`,
    "Vous ne recevrez pas d'autre alerte pour ce produit tant que son stock ne sera pas repassé au-dessus du seuil.",
  ];
  return {
    to,
    subject: `${shopName} — Stock bas : ${product.name}`,
    text: `${paragraphs.join("\n\n")}\n\nGérer le stock : ${adminUrl}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Gérer le stock", url: adminUrl }),
  };
}

export function waitlistConfirmMail(
  to: string,
  shopName: string,
  productName: string,
  links: { confirm: string; unsubscribe: string },
): Mail {
  const paragraphs = [
    "Bonjour,",
    `Vous avez demandé à être prévenu(e) par e-mail du retour en stock du produit « ${productName} ». Confirmez votre demande en suivant le lien ci-dessous (valable 7 jours) : sans confirmation, nous ne vous écrirons pas.`,
    "Votre adresse ne sert qu'à ce message ; elle est supprimée dès qu'il est envoyé, dès votre désinscription, ou au plus tard après 12 mois.",
    `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message. Ne plus être prévenu(e) : ${links.unsubscribe}`,
  ];
  return {
    to,
    subject: `${shopName} — Confirmez votre alerte de retour en stock`,
    text: `${paragraphs.slice(0, 2).join("\n\n")}\n\nConfirmer ma demande : ${links.confirm}\n\n${paragraphs.slice(2).join("\n\n")}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Confirmer ma demande", url: links.confirm }),
  };
}

export function backInStockMail(
  to: string,
  shopName: string,
  productName: string,
  links: { product: string; unsubscribe: string },
): Mail {
  const paragraphs = [
    "Bonjour,",
    `Bonne nouvelle : le produit « ${productName} » est de nouveau en stock. Les quantités sont limitées et nous prévenons les personnes inscrites dans l'ordre de leur demande.`,
    `Votre demande est maintenant close et votre adresse supprimée de la liste d'attente. Lien de désinscription : ${links.unsubscribe}`,
  ];
  return {
    to,
    subject: `${shopName} — « ${productName} » est de nouveau disponible`,
    text: `${paragraphs.join("\n\n")}\n\nVoir le produit : ${links.product}\n\n${shopName}`,
    html: layout(shopName, paragraphs, { label: "Voir le produit", url: links.product }),
  };
}
