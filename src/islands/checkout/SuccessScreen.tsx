import { useLayoutEffect, useRef } from "react";
import type { Receipt } from "../../domain/checkout/flow/state";
import { eurosToCents, formatEuros } from "../../domain/money";
import { guestTrackingPath } from "../../domain/orders/guest";
import { orderNumber } from "../../domain/orders/order-status";
import type { Order } from "../../lib/shop-client";
import GuestAccountOffer from "../orders/GuestAccountOffer";
import { orderPickupPoint, PickupPointDetails } from "../orders/PickupPointDetails";
import { TransferInstructions } from "../orders/TransferInstructions";

/**
 * Where the link to her order also went. Past the limit of guest confirmations to one e-mail no mail goes, and this
 * screen's link is her way to the order: she is told to keep it.
 */
function GuestLinkMail({ email, mailed }: { email: string; mailed: boolean | null | undefined }) {
  const address = <span className="font-semibold break-all">{email}</span>;
  return (
    <p className="mt-3 text-sm text-olive-800">
      {mailed === false ? (
        <>
          Gardez bien ce lien : {address} a reçu plusieurs confirmations de commande en peu de temps, nous
          n'envoyons pas d'e-mail pour celle-ci. Il ouvre votre commande, ses informations de virement et sa
          facture.
        </>
      ) : mailed === null ? (
        <>
          Gardez bien ce lien : il ouvre votre commande. Il part aussi par e-mail à {address}, sauf après
          plusieurs commandes à cette adresse en peu de temps.
        </>
      ) : (
        <>Nous vous avons envoyé ce lien par e-mail, à {address}.</>
      )}
    </p>
  );
}

/** Spec 4 / 9: the success screen sends the customer to /orders after 3 s. */
export const SUCCESS_REDIRECT_MS = 3000;

/** What the checkout's flow placed (flow/state.ts's Receipt), with the order as the API answers it. */
export type Success = Receipt<Order>;

const titles: Record<Success["kind"], string> = {
  bank_transfer: "Commande Enregistrée !",
  paypal: "Paiement Réussi !",
  paypal_pending: "Paiement en cours de validation",
};

/**
 * What the checkout shows once the order is placed; then /orders after 3 s. A guest has no « Mes commandes »:
 * she stays here, with the link to follow her order (the one mailed to her) in their place.
 */
export function SuccessScreen({ success, supportEmail }: { success: Success; supportEmail: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { order, guest } = success;
  const pickupPoint = orderPickupPoint(order);

  useLayoutEffect(() => {
    heading.current?.focus();
    if (guest) return;
    const timer = window.setTimeout(() => window.location.assign("/orders"), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [guest]);

  const total = formatEuros(eurosToCents(order.total_amount));
  return (
    <section className="mx-auto max-w-2xl rounded-2xl border border-olive-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <div
        aria-hidden="true"
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${success.kind === "paypal_pending" ? "bg-amber-100 text-amber-800" : "bg-olive-100 text-olive-700"}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {success.kind === "paypal_pending" ? (
            <path d="M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
          ) : (
            <path d="M5 12.5l4.5 4.5L19 7.5" />
          )}
        </svg>
      </div>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-5 font-serif text-3xl font-semibold text-olive-900 focus:outline-none sm:text-4xl"
      >
        {titles[success.kind]}
      </h1>

      {success.kind === "bank_transfer" && (
        <>
          <p className="mt-3 text-lg text-ink-soft">
            Merci ! Votre commande n° {orderNumber(order.id)} est enregistrée. Elle sera préparée dès
            réception de votre virement.
          </p>
          <TransferInstructions
            className="mt-6"
            instructions={{
              amount: order.total_amount,
              reference: order.transfer_reference ?? "",
              ...success.bank,
            }}
          />
          <p className="mt-3 text-sm text-ink-soft">
            {guest
              ? "Ces informations restent affichées sur la page de suivi de votre commande jusqu'à réception de votre virement."
              : "Ces informations restent affichées dans « Mes commandes » jusqu'à réception de votre virement."}
          </p>
        </>
      )}
      {success.kind === "paypal" && (
        <p className="mt-3 text-lg text-ink-soft">
          Merci ! Votre paiement de {total} a été accepté. Votre commande n° {orderNumber(order.id)} est
          confirmée et sera préparée sous 24-48 h.
        </p>
      )}
      {success.kind === "paypal_pending" && (
        <p className="mt-3 text-lg text-ink-soft">
          Votre commande n° {orderNumber(order.id)} est enregistrée. PayPal n'a pas encore confirmé le
          paiement : vous recevrez un e-mail dès qu'il sera validé.
        </p>
      )}

      {pickupPoint && (
        <PickupPointDetails
          point={pickupPoint}
          className="mt-6 rounded-xl border border-cream-300 bg-cream-50 p-5 text-left"
        />
      )}

      {guest && (
        <div className="mt-6 rounded-xl border border-olive-200 bg-olive-50 p-5">
          <a href={guestTrackingPath(order.id, guest.token)} className="btn btn-primary px-6 text-lg">
            Suivre ma commande
          </a>
          <GuestLinkMail email={guest.email} mailed={guest.mailed} />
        </div>
      )}
      {guest && <GuestAccountOffer orderId={order.id} token={guest.token} email={guest.email} />}

      <p className="mt-6 text-ink-soft">
        Une question ? Contactez-nous à{" "}
        <a
          href={`mailto:${supportEmail}`}
          className="rounded-sm font-semibold text-olive-700 underline underline-offset-4"
        >
          {supportEmail}
        </a>
        .
      </p>
      {!guest && (
        <>
          <p role="status" className="mt-6 text-sm text-ink-soft">
            Redirection vers vos commandes dans 3 secondes...
          </p>
          <a href="/orders" className="btn btn-primary mt-3 px-6">
            Voir mes commandes
          </a>
        </>
      )}
    </section>
  );
}
