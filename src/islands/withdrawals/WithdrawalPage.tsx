import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { guestTokenFromHash } from "../../domain/orders/guest";
import { orderNumber } from "../../domain/orders/order-status";
import { api, unwrap } from "../../lib/api/client";
import { ApiError, errorMessage } from "../../lib/api-client";
import { fetchGuestOrder } from "../../lib/shop-client";
import { $session, startSession } from "../../stores/session";
import { ChooseLines } from "./ChooseLines";
import { ConfirmStep } from "./ConfirmStep";
import { GuestLookup } from "./GuestLookup";
import type { Step, Who } from "./steps";
import { WithdrawalDone } from "./WithdrawalDone";

function newFormKey(): string {
  return crypto.randomUUID();
}

/** What the guest form starts with. */
type Prefill = { order_number: string; email: string };

/**
 * /retractation: the withdrawal function (Code de la consommation L221-21, D221-5). A signed-in customer arrives
 * from an order (?commande=<id>); anyone else gives the order number and the e-mail of the order. Then the whole
 * order or some lines and quantities, no reason asked, a second step « Confirmer la rétractation », and the
 * acknowledgement (also sent by e-mail). The server decides everything: period, lines, quantities.
 * A guest's link (?commande=<id>#acces=<token>, from her tracking page or an order e-mail) fills the order
 * number and e-mail in for her, read with the token (GET /api/guest/orders/{id}); she goes on as any visitor does.
 */
export default function WithdrawalPage() {
  const session = useStore($session, { ssr: "initial" });
  const [orderParam, setOrderParam] = useState<string | null | undefined>(undefined);
  const [guestToken, setGuestToken] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [step, setStep] = useState<Step>({ name: "loading" });
  const [formKey, setFormKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void startSession();
    setGuestToken(guestTokenFromHash(window.location.hash));
    setOrderParam(new URLSearchParams(window.location.search).get("commande"));
    setFormKey(newFormKey());
  }, []);

  useEffect(() => {
    if (orderParam === undefined || session.status === "unknown" || session.status === "loading") return;
    if (step.name !== "loading") return;
    // The guest form, filled in from a guest's link when there is one (any failure: the form as it is).
    const identify = () => {
      if (!orderParam || !guestToken) {
        setStep({ name: "identify" });
        return;
      }
      fetchGuestOrder(orderParam, guestToken)
        .then((order) => setPrefill({ order_number: order.order_number, email: order.user.email }))
        .catch(() => {})
        .finally(() => setStep({ name: "identify" }));
    };
    if (!orderParam || session.status !== "signed-in") {
      identify();
      return;
    }
    const who: Who = { kind: "account", orderId: orderParam };
    unwrap(api.GET("/api/withdrawals/orders/{id}", { params: { path: { id: orderParam } } }))
      .then((view) => setStep({ name: "choose", who, view }))
      .catch(identify);
  }, [orderParam, guestToken, session.status, step.name]);

  async function confirm(current: Extract<Step, { name: "confirm" }>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const body = { lines: current.lines, order_version: current.view.order_version, form_key: formKey };
    try {
      const { who } = current;
      const answer = await unwrap(
        who.kind === "account"
          ? api.POST("/api/withdrawals/orders/{id}", { params: { path: { id: who.orderId } }, body })
          : api.POST("/api/withdrawals", {
              body: { ...body, order_number: who.order_number, email: who.email },
            }),
      );
      setStep({
        name: "done",
        withdrawal: answer.withdrawal,
        email: current.who.kind === "guest" ? current.who.email : (session.user?.email ?? null),
      });
    } catch (failure) {
      setError(errorMessage(failure, "La rétractation n'a pas pu être enregistrée. Réessayez."));
      if (failure instanceof ApiError && failure.status === 409) setFormKey(newFormKey());
    } finally {
      setBusy(false);
    }
  }

  const content = () => {
    switch (step.name) {
      case "loading":
      case "identify": {
        // The first paint is the guest's form, the usual visit: inert until the session and the page's
        // address are read, then the same form, in place (nothing moves, and the first paint's text stays the
        // page's largest paint), filled in anew from the order's address or a guest's link when there is one, or a
        // signed-in customer's order. « Chargement... » is there meanwhile for assistive technologies only.
        const loading = step.name === "loading";
        const initialNumber = loading
          ? ""
          : (prefill?.order_number ?? (orderParam ? orderNumber(orderParam) : ""));
        const initialEmail = loading ? "" : (prefill?.email ?? "");
        return (
          <>
            {loading && (
              <p role="status" className="sr-only">
                Chargement...
              </p>
            )}
            <div inert={loading}>
              <GuestLookup
                key={`${initialNumber}|${initialEmail}`}
                initialNumber={initialNumber}
                initialEmail={initialEmail}
                onFound={(who, view) => {
                  setError(null);
                  setStep({ name: "choose", who, view });
                }}
              />
            </div>
          </>
        );
      }
      case "choose":
        return (
          <ChooseLines
            view={step.view}
            onBack={() => setStep({ name: "identify" })}
            onNext={(lines, whole) => {
              setError(null);
              setStep({ name: "confirm", who: step.who, view: step.view, lines, whole });
            }}
          />
        );
      case "confirm":
        return (
          <ConfirmStep
            step={step}
            busy={busy}
            error={error}
            onConfirm={() => void confirm(step)}
            onEdit={() => setStep({ name: "choose", who: step.who, view: step.view })}
          />
        );
      case "done":
        return <WithdrawalDone step={step} />;
    }
  };

  return <div>{content()}</div>;
}
