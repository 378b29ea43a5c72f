import { useStore } from "@nanostores/react";
import { type FormEvent, useEffect, useState } from "react";
import { eurosToCents, formatEuros } from "../../domain/money";
import { guestTokenFromHash } from "../../domain/orders/guest";
import { orderNumber } from "../../domain/orders/order-status";
import { parisDateTime, type WithdrawnLine } from "../../domain/withdrawals/withdrawal";
import type { WithdrawalRecord, WithdrawalView } from "../../domain/withdrawals/withdrawal-schemas";
import { ApiError, apiRequest, errorMessage, fieldErrors } from "../../lib/api-client";
import { fetchGuestOrder } from "../../lib/shop-client";
import { $session, startSession } from "../../stores/session";
import { inputClass, Notice, TextField } from "../ui/fields";

/**
 * /retractation: the withdrawal function (Code de la consommation L221-21, D221-5). A signed-in customer arrives
 * from an order (?commande=<id>); anyone else gives the order number and the e-mail of the order. Then the whole
 * order or some lines and quantities, no reason asked, a second step « Confirmer la rétractation », and the
 * acknowledgement (also sent by e-mail). The server decides everything: period, lines, quantities.
 * A guest's link (issue 32: ?commande=<id>#acces=<token>, from her tracking page or an order e-mail) fills the order
 * number and e-mail in for her, read with the token (GET /api/guest/orders/{id}); she goes on as any visitor does.
 */
type Who = { kind: "account"; orderId: string } | { kind: "guest"; order_number: string; email: string };

type Step =
  | { name: "loading" }
  | { name: "identify" }
  | { name: "choose"; who: Who; view: WithdrawalView }
  | { name: "confirm"; who: Who; view: WithdrawalView; lines: WithdrawnLine[]; whole: boolean }
  | { name: "done"; withdrawal: WithdrawalRecord; email: string | null };

const linkClass = "rounded-sm font-semibold text-olive-700 underline underline-offset-4 hover:text-olive-900";

/** 0, 1, ... up to what is left of a line. */
const quantityChoices = (available: number) => [...Array(available + 1).keys()];

function newFormKey(): string {
  return crypto.randomUUID();
}

/** What the guest form starts with. */
type Prefill = { order_number: string; email: string };

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
    apiRequest<WithdrawalView>(`/api/withdrawals/orders/${encodeURIComponent(orderParam)}`)
      .then((view) => setStep({ name: "choose", who, view }))
      .catch(identify);
  }, [orderParam, guestToken, session.status, step.name]);

  async function confirm(current: Extract<Step, { name: "confirm" }>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    const body = { lines: current.lines, order_version: current.view.order_version, form_key: formKey };
    try {
      const answer = await apiRequest<{ withdrawal: WithdrawalRecord }>(
        current.who.kind === "account"
          ? `/api/withdrawals/orders/${encodeURIComponent(current.who.orderId)}`
          : "/api/withdrawals",
        {
          method: "POST",
          body:
            current.who.kind === "account"
              ? body
              : { ...body, order_number: current.who.order_number, email: current.who.email },
        },
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
        // The first paint is the guest's form, the usual visit (issue 43): inert until the session and the page's
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
          <div className="space-y-5">
            <h2 className="font-serif text-2xl font-semibold text-olive-900">Vérifiez votre rétractation</h2>
            <p className="text-ink">
              Vous vous rétractez{" "}
              {step.whole ? "de toute la commande" : "des produits suivants de la commande"} n°{" "}
              <strong>{step.view.order_number}</strong> :
            </p>
            <ul className="list-disc space-y-1 pl-6 text-ink">
              {step.lines.map((line) => (
                <li key={line.index}>
                  {line.quantity} × {step.view.lines[line.index]?.product_name}
                </li>
              ))}
            </ul>
            {step.view.window.phase === "before_shipping" && (
              <p className="text-ink-soft">
                Votre commande n'est pas encore expédiée : elle sera annulée, et remboursée si vous l'avez
                payée.
              </p>
            )}
            {error && <Notice kind="error">{error}</Notice>}
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn btn-primary px-5"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void confirm(step)}
              >
                {busy ? "Enregistrement..." : "Confirmer la rétractation"}
              </button>
              <button
                type="button"
                className="btn btn-secondary px-5"
                disabled={busy}
                onClick={() => setStep({ name: "choose", who: step.who, view: step.view })}
              >
                Modifier
              </button>
            </div>
          </div>
        );
      case "done":
        return (
          <div className="space-y-4" aria-live="polite">
            <Notice kind="success">Votre rétractation est enregistrée.</Notice>
            <p className="text-ink">
              Nous l'avons reçue le <strong>{parisDateTime(new Date(step.withdrawal.requested_at))}</strong>{" "}
              (heure de Paris), pour la commande n° <strong>{step.withdrawal.order_number}</strong>. Référence
              : <span className="font-mono">{step.withdrawal.id}</span>.
            </p>
            <ul className="list-disc space-y-1 pl-6 text-ink">
              {step.withdrawal.lines.map((line) => (
                <li key={line.index}>
                  {line.quantity} × {line.product_name}
                </li>
              ))}
            </ul>
            <p className="text-ink-soft">
              {step.withdrawal.effect === "cancelled"
                ? "Votre commande est annulée. Si vous l'avez payée, nous vous remboursons par le même moyen de paiement sous 14 jours au plus tard."
                : "Renvoyez-nous les produits concernés sous 14 jours. Nous vous remboursons par le même moyen de paiement sous 14 jours au plus tard."}
            </p>
            <p className="text-ink-soft">
              Un accusé de réception{" "}
              {step.email ? `a été envoyé à ${step.email}` : "vous a été envoyé par e-mail"}.
            </p>
          </div>
        );
    }
  };

  return <div>{content()}</div>;
}

function GuestLookup({
  initialNumber,
  initialEmail = "",
  onFound,
}: {
  initialNumber: string;
  initialEmail?: string;
  onFound: (who: Who, view: WithdrawalView) => void;
}) {
  const [orderNumber, setOrderNumber] = useState(initialNumber);
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const view = await apiRequest<WithdrawalView>("/api/withdrawals/lookup", {
        method: "POST",
        body: { order_number: orderNumber, email },
      });
      onFound({ kind: "guest", order_number: view.order_number, email }, view);
    } catch (failure) {
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "La commande n'a pas pu être recherchée. Réessayez."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-ink-soft">
        Indiquez le numéro de votre commande (8 caractères, dans l'e-mail de confirmation) et l'adresse e-mail
        avec laquelle vous l'avez passée. Aucun compte n'est nécessaire.
      </p>
      <TextField
        label="Numéro de commande"
        name="order_number"
        autoComplete="off"
        required
        maxLength={8}
        value={orderNumber}
        onValue={setOrderNumber}
        error={fields.order_number}
      />
      <TextField
        label="Adresse e-mail de la commande"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onValue={setEmail}
        error={fields.email}
      />
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? "Recherche..." : "Retrouver ma commande"}
      </button>
    </form>
  );
}

function ChooseLines({
  view,
  onBack,
  onNext,
}: {
  view: WithdrawalView;
  onBack: () => void;
  onNext: (lines: WithdrawnLine[], whole: boolean) => void;
}) {
  const open = view.lines.filter((line) => line.available > 0);
  const [mode, setMode] = useState<"whole" | "lines">("whole");
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  const partialAllowed = view.window.phase !== "before_shipping";

  const header = (
    <div className="space-y-1">
      <h2 className="font-serif text-2xl font-semibold text-olive-900">Commande n° {view.order_number}</h2>
      <p className="text-ink-soft">
        Total {formatEuros(eurosToCents(view.total_amount))}
        {view.window.deadline && (
          <>
            {" "}
            · délai de rétractation jusqu'au{" "}
            <time dateTime={view.window.deadline}>{parisDateTime(new Date(view.window.deadline))}</time>{" "}
            (heure de Paris)
          </>
        )}
      </p>
    </div>
  );

  if (view.window.phase === "closed" || open.length === 0) {
    return (
      <div className="space-y-4">
        {header}
        <Notice kind="error">
          {view.window.reason ??
            "Tous les produits de cette commande font déjà l'objet d'une rétractation ou d'un retour."}
        </Notice>
        <p>
          <button type="button" className={linkClass} onClick={onBack}>
            Chercher une autre commande
          </button>
        </p>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === "whole") {
      onNext(
        open.map((line) => ({ index: line.index, quantity: line.available })),
        true,
      );
      return;
    }
    const lines = open
      .map((line) => ({ index: line.index, quantity: quantities[line.index] ?? 0 }))
      .filter((line) => line.quantity > 0);
    if (!lines.length) {
      setError("Choisissez au moins un produit dont vous vous rétractez.");
      return;
    }
    const whole = open.every((line) => (quantities[line.index] ?? 0) === line.available);
    onNext(lines, whole);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {header}
      {view.window.phase === "before_shipping" && (
        <p className="text-ink">
          Votre commande n'est pas encore expédiée : la rétractation porte sur toute la commande, qui sera
          annulée (et remboursée si vous l'avez payée). Pour ne renvoyer qu'une partie des produits, vous
          pourrez vous rétracter pendant 14 jours après la livraison.
        </p>
      )}
      {view.window.phase === "in_transit" && (
        <p className="text-ink">
          Votre commande est en route : vous pouvez vous rétracter dès maintenant et jusqu'à 14 jours après sa
          livraison.
        </p>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-ink">De quoi vous rétractez-vous ?</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="scope" checked={mode === "whole"} onChange={() => setMode("whole")} />
          Toute la commande
        </label>
        {partialAllowed && (
          <label className="flex items-center gap-2">
            <input type="radio" name="scope" checked={mode === "lines"} onChange={() => setMode("lines")} />
            Certains produits seulement
          </label>
        )}
      </fieldset>
      <ul className="divide-y divide-cream-200 rounded-xl border border-cream-300 bg-white">
        {view.lines.map((line) => (
          <li key={line.index} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="text-ink">
              {line.product_name}{" "}
              <span className="text-sm text-ink-soft">
                ({line.bought} acheté{line.bought > 1 ? "s" : ""}
                {line.taken > 0
                  ? `, ${line.taken} déjà rétracté${line.taken > 1 ? "s" : ""} ou retourné${line.taken > 1 ? "s" : ""}`
                  : ""}
                )
              </span>
            </span>
            {mode === "lines" && line.available > 0 && (
              <label className="flex items-center gap-2 text-sm">
                Quantité
                <select
                  className={`${inputClass} w-20`}
                  aria-label={`Quantité de « ${line.product_name} » dont vous vous rétractez`}
                  value={quantities[line.index] ?? 0}
                  onChange={(event) =>
                    setQuantities({ ...quantities, [line.index]: Number(event.currentTarget.value) })
                  }
                >
                  {quantityChoices(line.available).map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-soft">Vous n'avez pas à donner de motif.</p>
      {error && <Notice kind="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary px-5">
        Continuer
      </button>
    </form>
  );
}
