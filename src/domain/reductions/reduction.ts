/**
 * What the owner schedules: one or more products, a percentage or a new price, a start and an end, and the word
 * announced: « Promotion » (any time) or « Soldes » (only inside a national period, L310-3). The checks here are the
 * server's; each refusal is a French sentence naming the product it is about.
 */
import * as z from "zod";
import { type Cents, formatEuros } from "../money";
import { parisLongDate } from "../paris-wall-time";
import { percentOff } from "./reference-price";
import { onSaleLongEnough, type SalesPeriod, salesPeriodContaining } from "./sales-periods";
import { REDUCTION_KINDS, type ReductionKind } from "./words";

export { REDUCTION_KIND_LABELS, REDUCTION_KINDS, REFERENCE_MENTION, type ReductionKind } from "./words";

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} : date et heure invalides.` });

export const reductionInputSchema = z
  .strictObject({
    product_ids: z
      .array(z.int().positive(), "Choisissez au moins un produit.")
      .min(1, "Choisissez au moins un produit.")
      .max(30, "Au plus 30 produits par réduction."),
    kind: z.enum(REDUCTION_KINDS, "Choisissez « Promotion » ou « Soldes »."),
    change: z.discriminatedUnion(
      "type",
      [
        z.strictObject({
          type: z.literal("percent"),
          percent: z
            .int("Un pourcentage entier.")
            .min(1, "Une réduction de 1 % au moins.")
            .max(90, "Une réduction de 90 % au plus."),
        }),
        z.strictObject({
          type: z.literal("price"),
          price_cents: z.int("Un prix en centimes.").positive("Le nouveau prix doit être positif."),
        }),
      ],
      "Choisissez un pourcentage ou un nouveau prix.",
    ),
    starts_at: instant("Début"),
    ends_at: instant("Fin"),
  })
  .refine((input) => Date.parse(input.ends_at) > Date.parse(input.starts_at), {
    path: ["ends_at"],
    message: "La fin doit venir après le début.",
  });
export type ReductionInput = z.output<typeof reductionInputSchema>;

/** The reduced price of a product priced `current`: a percentage rounds to the nearest cent. */
export function reducedPrice(current: Cents, change: ReductionInput["change"]): Cents {
  return change.type === "price" ? change.price_cents : Math.round((current * (100 - change.percent)) / 100);
}

/**
 * A product as the checks need it: its price now, its reference price at the reduction's start (referencePrice of
 * its history), when it went on sale, and its reductions already scheduled.
 */
export interface ReducedProduct {
  id: number;
  name: string;
  price: Cents;
  reference: Cents | null;
  onSaleSince: Date;
  scheduled: readonly { start: Date; end: Date; kind: ReductionKind }[];
}

const day = parisLongDate;

/** Every reason the reduction cannot be scheduled, in French, or none. */
export function reductionRefusals(
  input: ReductionInput,
  products: readonly ReducedProduct[],
  now: Date,
): string[] {
  const start = new Date(input.starts_at);
  const end = new Date(input.ends_at);
  const refusals: string[] = [];
  if (end <= now) refusals.push("La réduction serait déjà terminée : choisissez une fin à venir.");
  let period: SalesPeriod | null = null;
  if (input.kind === "soldes") {
    period = salesPeriodContaining(start, end);
    if (!period)
      refusals.push(
        "« Soldes » n'est permis que pendant les soldes nationales (du 2e mercredi de janvier et du dernier mercredi de juin, 4 semaines) : choisissez « Promotion » ou des dates dans la période.",
      );
  }
  for (const product of products) {
    if (period && !onSaleLongEnough(product.onSaleSince, period))
      refusals.push(
        `« ${product.name} » est en vente depuis moins d'un mois avant le début des soldes (${day(period.start)}) : il ne peut pas y figurer.`,
      );
    const price = reducedPrice(product.price, input.change);
    if (product.reference === null || percentOff(product.reference, price) < 1)
      refusals.push(
        product.reference === null
          ? `« ${product.name} » n'avait pas de prix avant le début : il n'y a pas de prix de référence à annoncer.`
          : `« ${product.name} » : le nouveau prix (${formatEuros(price)}) doit être inférieur d'au moins 1 % au prix de référence, le plus bas des 30 jours précédents (${formatEuros(product.reference)}).`,
      );
    const overlap = product.scheduled.find((other) => other.start < end && start < other.end);
    if (overlap)
      refusals.push(
        `« ${product.name} » a déjà une réduction du ${day(overlap.start)} au ${day(overlap.end)} : deux réductions ne peuvent pas se chevaucher.`,
      );
  }
  return refusals;
}
