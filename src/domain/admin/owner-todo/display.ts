/**
 * How the to-do list is shown, the same on the dashboard and in the daily summary e-mail: where each thing is done
 * (the admin's tab, with the order or product opened where the tab can) and the French words for delays.
 */

import { MODERATION_DAYS } from "../../reviews/moderation-words";
import type { PreparationState } from "./orders";

export const todoLinks = {
  order: (number: string) => `/admin#commandes/${encodeURIComponent(number)}`,
  product: (id: number) => `/admin#produits/${id}`,
  publishing: "/admin#statistiques",
  reviews: "/admin#avis",
  dailySummarySetting: "/admin#parametres/daily_summary",
} as const;

export const PREPARATION_LABELS: Record<PreparationState, string> = {
  on_time: "Dans les temps",
  due: "À expédier aujourd'hui (plus de 24 h)",
  late: "Délai de préparation dépassé (plus de 48 h)",
};

/** « 3 avis en attente, dont 1 depuis plus de 5 jours » (the list and the daily summary). */
export function reviewsWaitingLabel({ count, overdue }: { count: number; overdue: number }): string {
  const waiting = `${count} avis en attente de modération`;
  return overdue > 0 ? `${waiting}, dont ${overdue} depuis plus de ${MODERATION_DAYS} jours` : waiting;
}

/** « aujourd'hui », « 1 jour », « 5 jours ». */
export function ageLabel(days: number): string {
  if (days <= 0) return "aujourd'hui";
  return days === 1 ? "depuis 1 jour" : `depuis ${days} jours`;
}
