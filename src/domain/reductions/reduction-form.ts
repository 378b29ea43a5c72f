/**
 * The owner's reduction form and list, zod-free for the admin panel: the form's state turned into the body the API
 * takes (or the French message of each field it cannot be), the server's field names mapped back to the form's, and
 * the Paris dates the screen prints.
 */
import { parseEurosText } from "../money";
import { parisInstant } from "../paris-wall-time";
import type { ReductionInput } from "./reduction";
import type { ReductionKind } from "./words";

export type ChangeType = "percent" | "price";

export interface ReductionFormState {
  productIds: number[];
  kind: ReductionKind;
  changeType: ChangeType;
  /** The percentage or the new price in euros, as typed. */
  amount: string;
  /** Paris wall times, as `datetime-local` inputs write them ("2027-01-07T08:00"). */
  startsAt: string;
  endsAt: string;
}
export type ReductionFormField = "productIds" | "kind" | "amount" | "startsAt" | "endsAt";
export type ReductionFormErrors = Partial<Record<ReductionFormField, string>>;

export const emptyReductionForm = (): ReductionFormState => ({
  productIds: [],
  kind: "promotion",
  changeType: "percent",
  amount: "",
  startsAt: "",
  endsAt: "",
});

export const ONE_PRODUCT_FOR_A_PRICE =
  "Un nouveau prix ne vaut que pour un seul produit : choisissez un pourcentage, ou un seul produit.";

function instantOf(text: string, what: string): { iso: string } | { error: string } {
  if (!text.trim()) return { error: `Indiquez la date et l'heure de ${what}.` };
  const iso = parisInstant(text);
  return iso
    ? { iso }
    : { error: `${what === "début" ? "Début" : "Fin"} : date et heure invalides (heure de Paris).` };
}

function changeOf(form: ReductionFormState): ReductionInput["change"] | { error: string } {
  const typed = form.amount.trim();
  if (form.changeType === "percent") {
    const percent = Number(typed.replace(",", "."));
    if (!typed || !Number.isInteger(percent) || percent < 1 || percent > 90)
      return { error: "Un pourcentage entier, de 1 à 90." };
    return { type: "percent", percent };
  }
  if (form.productIds.length > 1) return { error: ONE_PRODUCT_FOR_A_PRICE };
  const cents = parseEurosText(typed);
  if (cents === null || cents <= 0) return { error: "Un prix en euros, plus de 0 (par exemple 7,90)." };
  return { type: "price", price_cents: cents };
}

/** The body of POST /api/admin/reductions, or the message of each field that cannot be sent. */
export function reductionBody(
  form: ReductionFormState,
): { body: ReductionInput } | { errors: ReductionFormErrors } {
  const errors: ReductionFormErrors = {};
  if (form.productIds.length === 0) errors.productIds = "Choisissez au moins un produit.";
  const change = changeOf(form);
  if ("error" in change) errors.amount = change.error;
  const start = instantOf(form.startsAt, "début");
  if ("error" in start) errors.startsAt = start.error;
  const end = instantOf(form.endsAt, "fin");
  if ("error" in end) errors.endsAt = end.error;
  else if ("iso" in start && Date.parse(end.iso) <= Date.parse(start.iso))
    errors.endsAt = "La fin doit venir après le début.";
  if (errors.productIds || errors.endsAt || "error" in change || "error" in start || "error" in end)
    return { errors };
  return {
    body: {
      product_ids: [...form.productIds],
      kind: form.kind,
      change,
      starts_at: start.iso,
      ends_at: end.iso,
    },
  };
}

/** The form's field of a server's 400 field ("change.percent", "product_ids"). */
export function formFieldOf(serverField: string): ReductionFormField | null {
  if (serverField.startsWith("product_ids")) return "productIds";
  if (serverField.startsWith("change")) return "amount";
  if (serverField === "kind") return "kind";
  if (serverField === "starts_at") return "startsAt";
  if (serverField === "ends_at") return "endsAt";
  return null;
}

export function formErrorsOf(fields: Readonly<Record<string, string>>): ReductionFormErrors {
  const errors: ReductionFormErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = formFieldOf(name);
    if (field) errors[field] ??= message;
  }
  return errors;
}

const PARIS = "Europe/Paris";

function parisDate(at: Date): string {
  return at.toLocaleDateString("fr-FR", {
    timeZone: PARIS,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** « 8 h », « 23 h 59 » in Paris. */
function parisHour(at: Date): string {
  const [hour = "0", minute = "00"] = at
    .toLocaleTimeString("fr-FR", { timeZone: PARIS, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .split(":");
  return minute === "00" ? `${Number(hour)} h` : `${Number(hour)} h ${minute}`;
}

/** « mercredi 6 janvier 2027 à 8 h » */
export const parisMoment = (at: Date): string => `${parisDate(at)} à ${parisHour(at)}`;

/** A national period: its end is the midnight after its last day, which is the day printed. */
export function periodLabel(period: { starts_at: string; ends_at: string }): string {
  const lastDay = new Date(Date.parse(period.ends_at) - 1);
  return `du ${parisMoment(new Date(period.starts_at))} au ${parisDate(lastDay)}`;
}

/** A reduction's dates: « du jeudi 7 janvier 2027 à 8 h au mercredi 20 janvier 2027 à 23 h 59 ». */
export const rangeLabel = (startsAt: string, endsAt: string): string =>
  `du ${parisMoment(new Date(startsAt))} au ${parisMoment(new Date(endsAt))}`;

export const SEASON_LABELS = { winter: "Soldes d'hiver", summer: "Soldes d'été" } as const;

export const REDUCTION_STATUS_LABELS = {
  scheduled: "Programmée",
  running: "En cours",
  ended: "Terminée",
} as const;
