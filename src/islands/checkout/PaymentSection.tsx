import type { Offer } from "../../domain/checkout/flow/state";
import { checkoutMessages } from "../../domain/checkout/messages";
import type { PaymentChoice } from "../../domain/checkout/payment";
import { TextField } from "../ui/fields";
import { Section } from "./Section";

interface Props {
  offer: Offer;
  method: PaymentChoice;
  senderName: string;
  onMethod: (method: PaymentChoice) => void;
  onSenderName: (name: string) => void;
}

/**
 * Step 4: PayPal or bank transfer, each offered only when the shop has set it up (decision record 020); neither set
 * up: the shop takes no order yet, and the section says so. A transfer asks for the name on the transfer.
 */
export function PaymentSection({ offer, method, senderName, onMethod, onSenderName }: Props) {
  const { closedMessage, methods } = offer;
  return (
    <Section title="Mode de paiement" step={4}>
      {closedMessage && (
        <p
          role="status"
          className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-900"
        >
          {closedMessage}
        </p>
      )}
      <fieldset disabled={Boolean(closedMessage)}>
        <legend className="sr-only">Choisissez votre mode de paiement</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <MethodOption
            value="paypal"
            checked={method === "paypal" && methods.paypal}
            onChange={onMethod}
            disabled={!methods.paypal}
            title="PayPal"
            description={
              methods.paypal ? "Compte PayPal ou carte bancaire" : checkoutMessages.paypalNotConfigured
            }
          />
          <MethodOption
            value="bank_transfer"
            checked={method === "bank_transfer" && methods.bank_transfer}
            onChange={onMethod}
            disabled={!methods.bank_transfer}
            title="Virement bancaire"
            description="Commande préparée dès réception du virement"
            badge={methods.bank_transfer ? undefined : "En maintenance"}
          />
        </div>
      </fieldset>
      {method === "bank_transfer" && methods.bank_transfer && !closedMessage && (
        <div className="mt-5 space-y-3">
          <TextField
            label="Nom de la personne qui effectuera le virement"
            name="transfer_sender_name"
            autoComplete="name"
            maxLength={120}
            value={senderName}
            onValue={onSenderName}
            hint="Tel qu'il apparaîtra sur le virement, pour que nous puissions le rapprocher de votre commande."
          />
          <p className="rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">
            Après validation, vous recevrez par e-mail nos coordonnées bancaires (IBAN) et la référence à
            indiquer sur votre virement.
          </p>
        </div>
      )}
    </Section>
  );
}

interface MethodProps {
  value: PaymentChoice;
  checked: boolean;
  onChange: (value: PaymentChoice) => void;
  title: string;
  description: string;
  disabled?: boolean;
  badge?: string;
}

function MethodOption({
  value,
  checked,
  onChange,
  title,
  description,
  disabled = false,
  badge,
}: MethodProps) {
  return (
    <label
      className={`flex gap-3 rounded-xl border-2 p-4 ${
        disabled ? "cursor-not-allowed bg-cream-100" : "cursor-pointer hover:border-olive-500"
      } ${checked ? "border-olive-600 bg-olive-50" : "border-cream-300"}`}
    >
      <input
        type="radio"
        name="payment_method"
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(value)}
        className="mt-1 size-4 shrink-0 accent-olive-700"
      />
      <span>
        <span className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {title}
          {badge && (
            <span className="rounded-full bg-cream-300 px-2.5 py-0.5 text-xs font-semibold text-ink">
              {badge}
            </span>
          )}
        </span>
        <span className="block text-sm text-ink-soft">{description}</span>
      </span>
    </label>
  );
}
