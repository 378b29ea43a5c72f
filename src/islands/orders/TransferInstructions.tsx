import { eurosToCents, formatEuros } from "../../domain/money";
import type { TransferInstructions as Instructions } from "../../domain/orders/order";

/**
 * What the customer sends for a bank-transfer order, and to whom: on the success screen, then on « Mes
 * commandes » and the tracking page for as long as the shop awaits the transfer. The beneficiary is the account
 * holder exactly as the bank knows it (the customer's bank compares it with the IBAN); the IBAN is only in the
 * confirmation e-mail.
 */
export function TransferInstructions({
  instructions,
  headingLevel = 2,
  className = "",
}: {
  instructions: Partial<Instructions> & Pick<Instructions, "amount" | "reference">;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const rows: [string, string, string][] = [
    ["Montant", formatEuros(eurosToCents(instructions.amount)), "font-semibold tabular-nums"],
    ["Référence à indiquer", instructions.reference, "font-mono text-lg font-semibold text-crust-800"],
    ["Bénéficiaire", instructions.beneficiary ?? "", "font-semibold"],
    ["BIC", instructions.bic ?? "", "font-mono font-semibold"],
    ["Banque", instructions.bank_name ?? "", "font-semibold"],
  ];
  return (
    <div className={`rounded-xl border border-cream-300 bg-cream-50 p-5 text-left ${className}`}>
      <Heading className="font-serif text-xl font-semibold text-olive-900">
        Informations pour le virement
      </Heading>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, value]) => value.trim() !== "")
          .map(([label, value, style]) => (
            <div key={label} className="contents">
              <dt className="text-ink-soft">{label}</dt>
              <dd className={style}>{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-4 rounded-lg bg-olive-50 px-3 py-2 text-sm text-olive-800">
        Pour votre sécurité, l'IBAN vous est envoyé par e-mail avec le récapitulatif de votre commande.
      </p>
    </div>
  );
}
