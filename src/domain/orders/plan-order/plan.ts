/**
 * Placing an order, the pure part: from one round of reads, decides the whole order and what its transaction writes;
 * the service retries on "stale" (decision record 041). The rules are judged in the order the answers always had
 * (decision record 024); the first refusal is the answer.
 */

import { isGuestUserId } from "../../accounts/guest-account";
import { DomainError } from "../../errors";
import { eurosToCents } from "../../money";
import { discountTerms, promoRejection, promoRejectionMessage } from "../../promos/promo";
import { priceInForce } from "../../reductions/in-force";
import { shippingRuleCents } from "../../settings/settings";
import { sellRefusal } from "../../settings/shop-setup";
import { mergeLines, onlySoldes, priceOrder, promoBase, totalsInEuros } from "../pricing";
import { UNPAID_UNITS_PER_PRODUCT, unpaidHoldMessage } from "../unpaid-holds";
import { deliverable, keyReuseRefusal, pickupDestination, sellable } from "./checks";
import { type OrderEffects, orderEffects } from "./effects";
import type { OrderInputs } from "./inputs";
import { orderRecord, type PlannedOrder, type Sold } from "./record";

export type OrderPlan =
  | { kind: "refused"; error: DomainError }
  | { kind: "replay"; orderId: string }
  | { kind: "order"; record: PlannedOrder; effects: OrderEffects };

export function planOrder(inputs: OrderInputs): OrderPlan {
  const { request, idempotency, user } = inputs;
  const refused = (error: DomainError): OrderPlan => ({ kind: "refused", error });
  if (inputs.maintenance.enabled && !user.is_admin) return refused(new DomainError("MAINTENANCE"));
  const notSold = sellRefusal(inputs.setup, inputs.paymentMethod);
  if (notSold) return refused(notSold);
  if (idempotency?.earlier) {
    const reused = keyReuseRefusal(idempotency.earlier, idempotency.fingerprint);
    return reused ? refused(reused) : { kind: "replay", orderId: idempotency.earlier.order_id };
  }

  // Lines of one product are merged, so a stock check cannot be passed twice with two half lines.
  const sold: Sold = [];
  for (const line of mergeLines(request.items)) {
    const product = sellable(inputs.products.get(line.product_id), line.quantity);
    if (product instanceof DomainError) return refused(product);
    // A guest's unpaid order alone may not hold more than the limit (its counters judge it with her other orders).
    if (isGuestUserId(user.id) && line.quantity > UNPAID_UNITS_PER_PRODUCT)
      return refused(
        new DomainError("UNPAID_HOLD_LIMIT", unpaidHoldMessage(product.name), {
          product: product.name,
          limit: UNPAID_UNITS_PER_PRODUCT,
        }),
      );
    const charged = priceInForce(product.price_cents, product.reductions ?? [], inputs.now);
    sold.push({ product, quantity: line.quantity, charged });
  }
  const address = deliverable(inputs.address);
  if (address instanceof DomainError) return refused(address);
  const pickup = pickupDestination(inputs);
  if (pickup instanceof DomainError) return refused(pickup);

  const priced = sold.map(({ quantity, charged }) => ({
    unitPriceCents: charged.price,
    quantity,
    soldes: charged.reduction?.kind === "soldes",
  }));
  const promo = request.promo_code_id ? inputs.promo : null;
  const terms = promo ? discountTerms(promo) : null;
  if (request.promo_code_id) {
    const reason = promoRejection(promo, {
      subtotal: promoBase(priced, terms),
      onlySoldes: onlySoldes(priced),
      now: inputs.now,
      usesToday: promo ? inputs.promoUsesToday : 0,
    });
    if (reason) return refused(new DomainError(reason, promoRejectionMessage(reason, promo ?? undefined)));
  }
  const shippingRule = shippingRuleCents(inputs.shipping, pickup ? "pickup" : "home");
  const totals = priceOrder(priced, shippingRule, terms);
  if (eurosToCents(request.total_amount) !== totals.total)
    return refused(new DomainError("PRICE_CHANGED", undefined, { totals: totalsInEuros(totals) }));

  const record = orderRecord(inputs, sold, address, {
    totals,
    freeThreshold: shippingRule.freeThreshold,
    promo,
    pickup,
  });
  return { kind: "order", record, effects: orderEffects(inputs, sold, record, promo) };
}
