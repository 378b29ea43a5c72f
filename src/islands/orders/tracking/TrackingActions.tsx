import { lazy, Suspense, useState } from "react";
import { guestWithdrawalPath } from "../../../domain/orders/guest";
import { withdrawalHref, withdrawalOffered } from "../../../domain/withdrawals/withdrawal";
import type { Order } from "../../../lib/shop-client";

/** « Créer mon compte » for a guest: fetched only when a guest's link opened the page. */
const GuestAccountOffer = lazy(() => import("../GuestAccountOffer"));

/** « Se rétracter de cette commande » while the order can be withdrawn from; a guest's link goes with its token. */
export function WithdrawalLink({ order, guestToken }: { order: Order; guestToken: string | null }) {
  if (!withdrawalOffered(order, new Date())) return null;
  return (
    <p className="mt-4">
      <a
        href={guestToken ? guestWithdrawalPath(order.id, guestToken) : withdrawalHref(order.id)}
        className="btn btn-secondary px-5"
      >
        Se rétracter de cette commande
      </a>
    </p>
  );
}

/**
 * « Créer mon compte » (a password only), offered on a guest's order opened by its link to a visitor not
 * signed in; the account it creates signs her in, and its confirmation stays.
 */
export function GuestOffer({
  order,
  guestToken,
  signedIn,
}: {
  order: Order;
  guestToken: string | null;
  signedIn: boolean;
}) {
  const [accountCreated, setAccountCreated] = useState(false);
  if (!guestToken || !order.is_guest || (signedIn && !accountCreated)) return null;
  return (
    <Suspense fallback={null}>
      <GuestAccountOffer
        orderId={order.id}
        token={guestToken}
        email={order.user.email}
        onCreated={() => setAccountCreated(true)}
      />
    </Suspense>
  );
}
