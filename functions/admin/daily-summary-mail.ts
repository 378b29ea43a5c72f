/** The owner's daily summary e-mail: apart from the customers' mails, since it goes to the shop only. */
import {
  ageLabel,
  PREPARATION_LABELS,
  reviewsWaitingLabel,
  todoLinks,
} from "../../src/domain/admin/owner-todo/display";
import type { OwnerTodo } from "../../src/domain/admin/owner-todo/list";
import { formatEuros } from "../../src/domain/money";
import { escapeHtml } from "../mail/layout";
import type { Mail } from "../platform/adapters/mail";

const parisDate = (iso: string) =>
  new Date(iso).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris", day: "numeric", month: "long" });
const parisDateTime = (iso: string) =>
  new Date(iso).toLocaleString("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
  });
/** « 2026-12-31 » (a batch's date, a calendar day) as « 31 décembre 2026 ». */
const calendarDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    day: "numeric",
    month: "long",
    year: "numeric",
  });

interface Line {
  text: string;
  url: string;
  urgent?: boolean;
}
interface Section {
  title: string;
  lines: Line[];
  /** How many things the section holds, when one line says several. */
  count?: number;
}

function sections(todo: OwnerTodo, siteUrl: string): Section[] {
  const at = (path: string) => `${siteUrl}${path}`;
  return [
    {
      title: "Quelque chose ne va pas",
      lines: todo.problems.map((item) => ({
        text: `${item.title} (depuis le ${parisDateTime(item.since)}) — ${item.action}`,
        url: at(todoLinks.publishing),
        urgent: true,
      })),
    },
    {
      title: "Commandes à expédier (préparation sous 24 à 48 h)",
      lines: todo.to_ship.map((item) => ({
        text: `Commande n° ${item.order_number} — ${item.customer} — payée le ${parisDateTime(item.paid_at)} : ${PREPARATION_LABELS[item.preparation]}`,
        url: at(todoLinks.order(item.order_number)),
        urgent: item.preparation === "late",
      })),
    },
    {
      title: "Colis sans nouvelles depuis 7 jours",
      lines: todo.stuck_parcels.map((item) => ({
        text: `Commande n° ${item.order_number} — ${item.customer} — ${item.carrier}${item.tracking_number ? ` n° ${item.tracking_number}` : ""} : ${item.last_event ? `dernier événement « ${item.last_event} »` : "aucune nouvelle du transporteur"} le ${parisDateTime(item.last_news_at)}, il y a ${item.days_without_news} jours`,
        url: at(todoLinks.order(item.order_number)),
        urgent: true,
      })),
    },
    {
      title: "Virements attendus",
      lines: todo.transfers.map((item) => ({
        text: `Commande n° ${item.order_number} — ${item.customer} — ${formatEuros(item.amount_cents)}${item.reference ? ` (réf. ${item.reference})` : ""} — commandée ${ageLabel(item.age_days)}, ${item.reminded_at ? `relance envoyée le ${parisDate(item.reminded_at)}` : "pas encore relancée"}`,
        url: at(todoLinks.order(item.order_number)),
      })),
    },
    {
      title: "Rétractations et remboursements",
      lines: todo.refunds.map((item) => ({
        text: `Commande n° ${item.order_number} — ${item.customer} — ${item.action}${item.amount_cents !== null ? ` (${formatEuros(item.amount_cents)})` : ""} — au plus tard le ${parisDateTime(item.deadline)}${item.overdue ? " : DÉLAI DÉPASSÉ" : ""}`,
        url: at(todoLinks.order(item.order_number)),
        urgent: item.overdue,
      })),
    },
    {
      title: "Stocks bas",
      lines: todo.low_stock.map((item) => ({
        text: `${item.name} — ${item.stock === 0 ? "rupture de stock" : `plus que ${item.stock} en stock`} (seuil : ${item.threshold})`,
        url: at(todoLinks.product(item.product_id)),
        urgent: item.stock === 0,
      })),
    },
    {
      title: "Lots qui expirent sous 60 jours",
      lines: todo.expiring_batches.map((item) => ({
        text: `${item.product_name} — lot ${item.lot} — ${item.days_left < 0 ? "expiré le" : "expire le"} ${calendarDate(item.expires_on)} — ${item.remaining} restant${item.remaining > 1 ? "s" : ""}`,
        url: at(todoLinks.product(item.product_id)),
        urgent: item.days_left < 0,
      })),
    },
    {
      title: "Avis à modérer",
      count: todo.reviews?.count,
      lines: todo.reviews
        ? [
            {
              text: reviewsWaitingLabel(todo.reviews),
              url: at(todoLinks.reviews),
              urgent: todo.reviews.overdue > 0,
            },
          ]
        : [],
    },
    {
      title: "Publication du site",
      lines: todo.publishing
        ? [
            {
              text: `Échec de la publication : ${todo.publishing.error}`,
              url: at(todoLinks.publishing),
              urgent: true,
            },
          ]
        : [],
    },
  ].filter((section) => section.lines.length > 0);
}

export function dailySummaryMail(
  todo: OwnerTodo,
  context: { to: string; shopName: string; siteUrl: string },
): Mail {
  const parts = sections(todo, context.siteUrl);
  const day = new Date(todo.generated_at).toLocaleDateString("fr-FR", {
    timeZone: "Europe/Paris",
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  const count = `${todo.count} chose${todo.count > 1 ? "s" : ""} à faire`;
  const intro = `Bonjour, voici ce qui vous attend ce ${day} : ${count}.`;
  const settingUrl = `${context.siteUrl}${todoLinks.dailySummarySetting}`;
  const footer = `Vous recevez ce résumé chaque matin à 8 h quand il y a quelque chose à faire. Pour ne plus le recevoir, désactivez-le dans Paramètres > Résumé quotidien : ${settingUrl}`;
  const text = [
    intro,
    ...parts.map(
      (section) =>
        `${section.title} (${section.count ?? section.lines.length})\n${section.lines.map((line) => `- ${line.text}\n  ${line.url}`).join("\n")}`,
    ),
    `Tableau de bord : ${context.siteUrl}/admin`,
    footer,
  ].join("\n\n");
  const html = `<!doctype html><html lang="fr"><body style="font-family:Georgia,serif;color:#2b2b24;max-width:640px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4d5b2a">${escapeHtml(context.shopName)} — À faire aujourd'hui</h1>
<p>${escapeHtml(intro)}</p>
${parts
  .map(
    (section) =>
      `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(section.title)} (${section.count ?? section.lines.length})</h2><ul style="padding-left:20px">${section.lines
        .map(
          (line) =>
            `<li style="margin:0 0 8px${line.urgent ? ";color:#9b1c1c;font-weight:bold" : ""}"><a href="${escapeHtml(line.url)}" style="color:inherit">${escapeHtml(line.text)}</a></li>`,
        )
        .join("")}</ul>`,
  )
  .join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(`${context.siteUrl}/admin`)}" style="background:#4d5b2a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Ouvrir le tableau de bord</a></p>
<p style="font-size:13px;color:#555">Vous recevez ce résumé chaque matin à 8 h quand il y a quelque chose à faire. <a href="${escapeHtml(settingUrl)}">Ne plus recevoir ce résumé</a> (Paramètres &gt; Résumé quotidien).</p>
</body></html>`;
  return { to: context.to, subject: `${context.shopName} — À faire aujourd'hui : ${count}`, text, html };
}
