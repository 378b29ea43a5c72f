import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { formatAmount, formatDateTime } from "../../domain/admin-format";
import { parseDecimal } from "../../domain/admin-products";
import {
  type AdminSettings,
  COUNTDOWN_HOURS_MAX,
  COUNTDOWN_MINUTES_MAX,
  isPaypalSandbox,
  type MaintenanceForm,
  maintenanceForm,
  maintenanceStatusLabel,
  maintenanceValue,
  SECRET_MASK,
  type ShippingForm,
  secretDisplay,
  settingsByKey,
  shippingForm,
  shippingValue,
  trimmedValue,
} from "../../domain/admin-settings";
import type { BankTransferSetting, CompanyInfoSetting, PaypalSetting } from "../../domain/settings";
import { TRANSFER_FOLLOW_UP_LIMITS, type TransferFollowUpSetting } from "../../domain/transfer-follow-up";
import { errorMessage, fieldErrors } from "../../lib/api-client";
import { Notice, PasswordField, TextField } from "../ui/fields";
import { fetchSettings, saveSetting } from "./admin-api";
import { useAccessGuard, useLoad } from "./hooks";
import { announceMaintenance } from "./maintenance";
import {
  Badge,
  CheckboxField,
  Detail,
  LoadError,
  Loading,
  SelectField,
  smallButton,
  TabHeader,
  TextAreaField,
} from "./ui";

type Fields = Readonly<Record<string, string>>;
type Setter<F> = <K extends keyof F>(name: K) => (value: F[K]) => void;

/** The shop's settings (spec 2 "Settings tab"): one card per setting, each with Modifier, Enregistrer, Annuler. */
export function SettingsTab() {
  const { state, reload, update } = useLoad(async (signal) => settingsByKey(await fetchSettings(signal)));

  // A link of the setup checklist (#parametres/<key>) brings its card into view, its 'Modifier' button focused.
  const ready = state.status === "ready";
  useEffect(() => {
    if (!ready) return;
    const key = window.location.hash.split("/")[1];
    const card = key ? document.getElementById(`reglages-${key}`) : null;
    if (!card) return;
    card.scrollIntoView({ block: "start" });
    card.querySelector<HTMLButtonElement>("button")?.focus({ preventScroll: true });
  }, [ready]);

  function saved<K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) {
    update((settings) => ({ ...settings, [key]: value }));
    if (key === "maintenance") announceMaintenance(value);
  }

  return (
    <div>
      <TabHeader title="Paramètres" />
      {state.status === "loading" && <Loading>Chargement des paramètres...</Loading>}
      {state.status === "error" && <LoadError message={state.message} onRetry={reload} />}
      {state.status === "ready" && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {state.data.payment_bank_transfer && (
            <BankTransferCard
              value={state.data.payment_bank_transfer}
              onSaved={(v) => saved("payment_bank_transfer", v)}
            />
          )}
          {state.data.bank_transfer_follow_up && (
            <TransferFollowUpCard
              value={state.data.bank_transfer_follow_up}
              onSaved={(v) => saved("bank_transfer_follow_up", v)}
            />
          )}
          {state.data.payment_paypal && (
            <PaypalCard value={state.data.payment_paypal} onSaved={(v) => saved("payment_paypal", v)} />
          )}
          {state.data.shipping && (
            <ShippingCard value={state.data.shipping} onSaved={(v) => saved("shipping", v)} />
          )}
          {state.data.company_info && (
            <CompanyCard value={state.data.company_info} onSaved={(v) => saved("company_info", v)} />
          )}
          {state.data.maintenance && (
            <MaintenanceCard value={state.data.maintenance} onSaved={(v) => saved("maintenance", v)} />
          )}
          {state.data.daily_summary && (
            <DailySummaryCard value={state.data.daily_summary} onSaved={(v) => saved("daily_summary", v)} />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * One setting's card: its values, or its form after 'Modifier'. Saving sends PUT /api/admin/settings/{key};
 * a failure keeps the form open with the message (spec 8), the field messages next to the fields.
 */
function SettingCard<V, F>({
  title,
  settingKey,
  value,
  status,
  toForm,
  toValue,
  onSaved,
  view,
  form: renderForm,
}: {
  title: string;
  settingKey: keyof AdminSettings;
  value: V;
  status?: ReactNode;
  toForm: (value: V) => F;
  toValue: (form: F) => object;
  onSaved: (value: V) => void;
  view: ReactNode;
  form: (form: F, set: Setter<F>, fields: Fields) => ReactNode;
}) {
  const [form, setForm] = useState<F | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>({});
  const guard = useAccessGuard();
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const editing = form !== null;

  // Opening moves to the first field; closing gives the focus back to 'Modifier'.
  useEffect(() => {
    if (editing) body.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const set: Setter<F> = (name) => (next) =>
    setForm((current) => (current ? { ...current, [name]: next } : current));

  function cancel() {
    setForm(null);
    setError(null);
    setFields({});
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form || saving) return;
    setSaving(true);
    setError(null);
    setFields({});
    try {
      const row = await saveSetting(settingKey, toValue(form));
      onSaved(row.setting_value as V);
      setForm(null);
    } catch (failure) {
      if (guard(failure)) return;
      setFields(fieldErrors(failure));
      setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      id={`reglages-${settingKey}`}
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-cream-300 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="font-serif text-xl font-semibold text-olive-900">
            {title}
          </h3>
          {status}
        </div>
        {!editing && (
          <button
            ref={editButton}
            type="button"
            className={smallButton}
            aria-label={`Modifier : ${title}`}
            onClick={() => setForm(toForm(value))}
          >
            Modifier
          </button>
        )}
      </div>
      <div ref={body}>
        {form === null ? (
          view
        ) : (
          <form onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-4">
            {error && <Notice kind="error">{error}</Notice>}
            {renderForm(form, set, fields)}
            <div className="flex flex-wrap gap-3 pt-1">
              <button type="submit" className="btn btn-primary px-6" disabled={saving}>
                {saving ? "Enregistrement..." : "Enregistrer"}
              </button>
              <button type="button" className="btn btn-secondary" onClick={cancel}>
                Annuler
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

function Values({ children }: { children: ReactNode }) {
  return <dl className="grid gap-3 text-sm sm:grid-cols-2">{children}</dl>;
}

/** A stored value, or 'Non configuré' (in the body font, not the code font of identifiers). */
function orNone(text: string, code = false): ReactNode {
  if (!text) return <span className="text-ink-soft italic">Non configuré</span>;
  return code ? <span className="font-mono break-all">{text}</span> : text;
}

function BankTransferCard({
  value,
  onSaved,
}: {
  value: BankTransferSetting;
  onSaved: (v: BankTransferSetting) => void;
}) {
  return (
    <SettingCard
      title="Virement bancaire"
      settingKey="payment_bank_transfer"
      value={value}
      onSaved={onSaved}
      status={
        <Badge tone={value.enabled ? "success" : "neutral"}>{value.enabled ? "Activé" : "Désactivé"}</Badge>
      }
      toForm={(v) => ({ ...v })}
      toValue={trimmedValue}
      view={
        <Values>
          <Detail label="IBAN">{orNone(value.iban, true)}</Detail>
          <Detail label="BIC">{orNone(value.bic, true)}</Detail>
          <Detail label="Bénéficiaire">{orNone(value.beneficiary)}</Detail>
          <Detail label="Banque">{orNone(value.bank_name)}</Detail>
        </Values>
      }
      form={(form, set, fields) => (
        <>
          <CheckboxField
            label="Accepter les paiements par virement"
            checked={form.enabled}
            onChecked={set("enabled")}
          />
          <TextField
            label="IBAN"
            maxLength={42}
            autoComplete="off"
            spellCheck={false}
            placeholder="FR76 …"
            value={form.iban}
            onValue={set("iban")}
            error={fields.iban}
            hint="Tel qu'imprimé sur votre RIB ; envoyé aux clients dans l'e-mail de confirmation seulement."
          />
          <TextField
            label="BIC"
            maxLength={11}
            autoComplete="off"
            spellCheck={false}
            value={form.bic}
            onValue={set("bic")}
            error={fields.bic}
            hint="8 ou 11 caractères, sur votre RIB."
          />
          <TextField
            label="Bénéficiaire"
            maxLength={120}
            value={form.beneficiary}
            onValue={set("beneficiary")}
            error={fields.beneficiary}
            hint="Exactement le titulaire du compte, comme sur le RIB : la banque du client le compare à l'IBAN avant d'envoyer le virement."
          />
          <TextField
            label="Banque"
            maxLength={120}
            value={form.bank_name}
            onValue={set("bank_name")}
            error={fields.bank_name}
          />
        </>
      )}
    />
  );
}

type TransferFollowUpForm = { remind_after_days: string; cancel_after_days: string };

/** A whole number of days as typed; anything else goes as null, which the server refuses with its French message. */
const dayCount = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

const plural = (days: number) => `${days} jour${days > 1 ? "s" : ""}`;

/** Issue 19: when an unpaid transfer is chased (one reminder) and when its order is cancelled. */
function TransferFollowUpCard({
  value,
  onSaved,
}: {
  value: TransferFollowUpSetting;
  onSaved: (v: TransferFollowUpSetting) => void;
}) {
  const limits = TRANSFER_FOLLOW_UP_LIMITS;
  return (
    <SettingCard<TransferFollowUpSetting, TransferFollowUpForm>
      title="Virements non reçus"
      settingKey="bank_transfer_follow_up"
      value={value}
      onSaved={onSaved}
      toForm={(v) => ({
        remind_after_days: String(v.remind_after_days),
        cancel_after_days: String(v.cancel_after_days),
      })}
      toValue={(form) => ({
        remind_after_days: dayCount(form.remind_after_days),
        cancel_after_days: dayCount(form.cancel_after_days),
      })}
      view={
        <Values>
          <Detail label="Relance du client">{`après ${plural(value.remind_after_days)}`}</Detail>
          <Detail label="Annulation de la commande">{`après ${plural(value.cancel_after_days)}`}</Detail>
        </Values>
      }
      form={(form, set, fields) => (
        <>
          <TextField
            label="Relancer le client après (jours)"
            type="number"
            inputMode="numeric"
            min={limits.remindMin}
            max={limits.remindMax}
            step={1}
            required
            value={form.remind_after_days}
            onValue={set("remind_after_days")}
            error={fields.remind_after_days}
            hint="Jours comptés à partir du jour de la commande (heure de Paris) : un seul e-mail de relance, avec les coordonnées et le QR code du virement."
          />
          <TextField
            label="Annuler la commande après (jours)"
            type="number"
            inputMode="numeric"
            min={limits.cancelMin}
            max={limits.cancelMax}
            step={1}
            required
            value={form.cancel_after_days}
            onValue={set("cancel_after_days")}
            error={fields.cancel_after_days}
            hint="Plus que pour la relance. Le stock et le code promo sont rendus, et le client est prévenu par e-mail."
          />
        </>
      )}
    />
  );
}

const SANDBOX_NOTE = "Mode Sandbox - Pour les tests uniquement";

function SandboxNote() {
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {SANDBOX_NOTE}
    </p>
  );
}

function PaypalCard({ value, onSaved }: { value: PaypalSetting; onSaved: (v: PaypalSetting) => void }) {
  return (
    <SettingCard
      title="PayPal"
      settingKey="payment_paypal"
      value={value}
      onSaved={onSaved}
      toForm={(v) => ({ ...v })}
      toValue={trimmedValue}
      view={
        <div className="space-y-3">
          {isPaypalSandbox(value.base_url) && <SandboxNote />}
          <Values>
            <Detail label="URL de l'API">
              <span className="break-all">{value.base_url}</span>
            </Detail>
            <Detail label="Client ID">{orNone(value.client_id, true)}</Detail>
            <Detail label="Client Secret">
              {value.client_secret ? (
                <span className="font-mono">{secretDisplay(value.client_secret)}</span>
              ) : (
                orNone("")
              )}
            </Detail>
            <Detail label="Webhook ID">{orNone(value.webhook_id, true)}</Detail>
          </Values>
        </div>
      }
      form={(form, set, fields) => (
        <>
          {isPaypalSandbox(form.base_url) && <SandboxNote />}
          <TextField
            label="URL de l'API"
            type="url"
            required
            value={form.base_url}
            onValue={set("base_url")}
            hint="Sandbox : https://api-m.sandbox.paypal.com · Production : https://api-m.paypal.com"
            error={fields.base_url}
          />
          <TextField
            label="Client ID"
            autoComplete="off"
            maxLength={200}
            value={form.client_id}
            onValue={set("client_id")}
            error={fields.client_id}
          />
          <PasswordField
            label="Client Secret"
            autoComplete="new-password"
            maxLength={200}
            value={form.client_secret}
            onValue={set("client_secret")}
            hint={
              value.client_secret
                ? `Laissez ${SECRET_MASK} pour garder le secret enregistré.`
                : "Non configuré"
            }
            error={fields.client_secret}
          />
          <TextField
            label="Webhook ID"
            autoComplete="off"
            maxLength={100}
            value={form.webhook_id}
            onValue={set("webhook_id")}
            error={fields.webhook_id}
          />
        </>
      )}
    />
  );
}

function ShippingCard({
  value,
  onSaved,
}: {
  value: AdminSettings["shipping"];
  onSaved: (v: AdminSettings["shipping"]) => void;
}) {
  return (
    <SettingCard<AdminSettings["shipping"], ShippingForm>
      title="Livraison"
      settingKey="shipping"
      value={value}
      onSaved={onSaved}
      toForm={shippingForm}
      toValue={shippingValue}
      view={
        <Values>
          <Detail label="Livraison gratuite dès">{formatAmount(value.free_shipping_threshold)}</Detail>
          <Detail label="Frais de livraison standard">{formatAmount(value.standard_cost)}</Detail>
          <Detail label="Transporteur">{value.shipping_company}</Detail>
        </Values>
      }
      form={(form, set, fields) => (
        <>
          <TextField
            label="Seuil de livraison gratuite (€)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.free_shipping_threshold}
            onValue={set("free_shipping_threshold")}
            error={fields.free_shipping_threshold}
          />
          <TextField
            label="Frais de livraison standard (€)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={form.standard_cost}
            onValue={set("standard_cost")}
            error={fields.standard_cost}
          />
          <TextField
            label="Transporteur"
            placeholder="Colissimo"
            required
            maxLength={60}
            value={form.shipping_company}
            onValue={set("shipping_company")}
            error={fields.shipping_company}
          />
        </>
      )}
    />
  );
}

type CompanyForm = Omit<CompanyInfoSetting, "vat_rate"> & { vat_rate: string };

const VAT_MODES = [
  { value: "franchise" as const, label: "Franchise en base (TVA non applicable, art. 293 B du CGI)" },
  { value: "rate" as const, label: "TVA incluse dans les prix" },
];

function CompanyCard({
  value,
  onSaved,
}: {
  value: CompanyInfoSetting;
  onSaved: (v: CompanyInfoSetting) => void;
}) {
  return (
    <SettingCard
      title="Entreprise"
      settingKey="company_info"
      value={value}
      onSaved={onSaved}
      toForm={(v): CompanyForm => ({ ...v, vat_rate: String(v.vat_rate) })}
      toValue={(form) => ({ ...trimmedValue(form), vat_rate: parseDecimal(form.vat_rate) })}
      view={
        <Values>
          <Detail label="Nom de la boutique">{value.name}</Detail>
          <Detail label="Nom ou dénomination du vendeur">{orNone(value.legal_name)}</Detail>
          <Detail label="E-mail">{orNone(value.email)}</Detail>
          <Detail label="Téléphone">{orNone(value.phone)}</Detail>
          <Detail label="Adresse">{orNone(value.address)}</Detail>
          <Detail label="Forme juridique">{orNone(value.legal_form)}</Detail>
          <Detail label="SIRET">{orNone(value.siret)}</Detail>
          <Detail label="TVA">
            {value.vat_mode === "rate" ? `${value.vat_rate} % incluse` : "Non applicable (art. 293 B du CGI)"}
          </Detail>
          {value.vat_number ? <Detail label="N° TVA intracommunautaire">{value.vat_number}</Detail> : null}
          <Detail label="Médiateur de la consommation">{orNone(value.mediator_name)}</Detail>
          <Detail label="Site du médiateur">{orNone(value.mediator_url)}</Detail>
        </Values>
      }
      form={(form, set, fields) => (
        <>
          <TextField
            label="Nom de la boutique"
            required
            maxLength={120}
            value={form.name}
            onValue={set("name")}
            error={fields.name}
            hint="Affiché en tête du site, dans les titres et les e-mails."
          />
          <TextField
            label="Nom ou dénomination du vendeur"
            maxLength={120}
            value={form.legal_name}
            onValue={set("legal_name")}
            error={fields.legal_name}
            hint="Mentions légales, CGV et factures : votre prénom et nom suivis de « EI », ou la dénomination de la société."
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            value={form.email}
            onValue={set("email")}
            error={fields.email}
          />
          <TextField
            label="Téléphone"
            type="tel"
            maxLength={30}
            value={form.phone}
            onValue={set("phone")}
            error={fields.phone}
          />
          <TextAreaField
            label="Adresse"
            maxLength={300}
            rows={2}
            value={form.address}
            onValue={set("address")}
            error={fields.address}
          />
          <TextField
            label="Forme juridique"
            maxLength={80}
            value={form.legal_form}
            onValue={set("legal_form")}
            error={fields.legal_form}
            hint="Mention obligatoire des factures (ex. : Entreprise individuelle, micro-entreprise)."
          />
          <TextField
            label="SIRET"
            inputMode="numeric"
            maxLength={20}
            value={form.siret}
            onValue={set("siret")}
            error={fields.siret}
            hint="14 chiffres, imprimé sur chaque facture."
          />
          <SelectField
            label="Régime de TVA"
            value={form.vat_mode}
            onValue={set("vat_mode")}
            options={VAT_MODES}
          />
          {form.vat_mode === "rate" ? (
            <>
              <TextField
                label="Taux de TVA (%)"
                inputMode="decimal"
                value={form.vat_rate}
                onValue={set("vat_rate")}
                error={fields.vat_rate}
              />
              <TextField
                label="N° TVA intracommunautaire"
                maxLength={20}
                value={form.vat_number}
                onValue={set("vat_number")}
                error={fields.vat_number}
              />
            </>
          ) : null}
          <TextField
            label="Médiateur de la consommation"
            maxLength={120}
            value={form.mediator_name}
            onValue={set("mediator_name")}
            error={fields.mediator_name}
            hint="Obligatoire (art. L612-1 du Code de la consommation) : affiché dans le pied de page, les CGV et les e-mails de commande."
          />
          <TextField
            label="Site du médiateur"
            type="url"
            inputMode="url"
            maxLength={300}
            value={form.mediator_url}
            onValue={set("mediator_url")}
            error={fields.mediator_url}
            hint="Adresse complète, commençant par https://."
          />
        </>
      )}
    />
  );
}

function MaintenanceCard({
  value,
  onSaved,
}: {
  value: AdminSettings["maintenance"];
  onSaved: (v: AdminSettings["maintenance"]) => void;
}) {
  return (
    <SettingCard<AdminSettings["maintenance"], MaintenanceForm>
      title="Maintenance"
      settingKey="maintenance"
      value={value}
      onSaved={onSaved}
      status={
        <Badge tone={value.enabled ? "danger" : "success"}>{maintenanceStatusLabel(value.enabled)}</Badge>
      }
      toForm={maintenanceForm}
      toValue={maintenanceValue}
      view={
        <Values>
          <Detail label="Message" className="sm:col-span-2">
            {value.message}
          </Detail>
          <Detail label="Compte à rebours">
            {value.countdown_hours} h {String(value.countdown_minutes).padStart(2, "0")} min
          </Detail>
          {value.enabled && value.ends_at && (
            <Detail label="Fin prévue">{formatDateTime(value.ends_at)}</Detail>
          )}
        </Values>
      }
      form={(form, set, fields) => (
        <>
          <CheckboxField
            label="Activer le mode maintenance"
            hint="Les visiteurs voient la page de maintenance ; les commandes sont suspendues."
            checked={form.enabled}
            onChecked={set("enabled")}
          />
          <TextAreaField
            label="Message"
            maxLength={500}
            value={form.message}
            onValue={set("message")}
            error={fields.message}
          />
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Compte à rebours : heures"
              type="number"
              inputMode="numeric"
              min={0}
              max={COUNTDOWN_HOURS_MAX}
              step={1}
              value={form.countdown_hours}
              onValue={set("countdown_hours")}
              error={fields.countdown_hours}
            />
            <TextField
              label="Compte à rebours : minutes"
              type="number"
              inputMode="numeric"
              min={0}
              max={COUNTDOWN_MINUTES_MAX}
              step={1}
              value={form.countdown_minutes}
              onValue={set("countdown_minutes")}
              error={fields.countdown_minutes}
            />
          </div>
        </>
      )}
    />
  );
}

/** The owner's daily summary e-mail (issue 19): on by default; its e-mails link here to turn it off. */
function DailySummaryCard({
  value,
  onSaved,
}: {
  value: AdminSettings["daily_summary"];
  onSaved: (v: AdminSettings["daily_summary"]) => void;
}) {
  return (
    <SettingCard<AdminSettings["daily_summary"], AdminSettings["daily_summary"]>
      title="Résumé quotidien"
      settingKey="daily_summary"
      value={value}
      onSaved={onSaved}
      status={
        <Badge tone={value.enabled ? "success" : "neutral"}>{value.enabled ? "Activé" : "Désactivé"}</Badge>
      }
      toForm={(current) => ({ ...current })}
      toValue={(form) => ({ enabled: form.enabled })}
      view={
        <p className="text-sm text-ink">
          {value.enabled
            ? "Chaque matin à 8 h, s'il y a quelque chose à faire, la liste des choses à faire est envoyée à l'adresse e-mail de la boutique (carte Entreprise)."
            : "Aucun résumé n'est envoyé. La liste des choses à faire reste en haut de l'onglet Statistiques."}
        </p>
      }
      form={(form, set) => (
        <CheckboxField
          label="Recevoir chaque matin à 8 h le résumé des choses à faire"
          hint="Envoyé à l'adresse e-mail de la boutique, seulement s'il y a quelque chose à faire."
          checked={form.enabled}
          onChecked={set("enabled")}
        />
      )}
    />
  );
}
