import { type FormEvent, useRef, useState } from "react";
import { submitWaitlist } from "../../lib/waitlist-submit";
import {
  checkWaitlistForm,
  WAITLIST_CONSENT_TEXT,
  WAITLIST_EMAIL_LABEL,
  WAITLIST_ERROR_CLASS,
  WAITLIST_FORM_CLASS,
  WAITLIST_INTRO,
  WAITLIST_SENDING,
  WAITLIST_SUBMIT,
  WAITLIST_TITLE,
  type WaitlistErrors,
  waitlistIds,
} from "../../lib/waitlist-view";

interface Props {
  productId: number;
  /** Shown only while the product is on sale and out of stock; printed hidden otherwise (the script may open it). */
  open: boolean;
}

/**
 * « Être prévenu(e) du retour en stock » (decision record 026): an e-mail, an unticked consent box naming what the
 * address is used for, and a confirmation mail to follow (double opt-in). Two uses, like BuyBox: static HTML on the
 * prebuilt pages (src/scripts/storefront/waitlist-form.ts gives it its behaviour, by its data-waitlist-*
 * attributes), and an island in the shell page. Errors are tied to their field (aria-describedby) and the first one
 * gets the focus; the answer is announced (role="status").
 */
export default function WaitlistForm({ productId, open }: Props) {
  const ids = waitlistIds(productId);
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement>(null);
  const statusLine = useRef<HTMLParagraphElement>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const local = checkWaitlistForm(email, consent);
    setErrors(local);
    if (local.email || local.consent) {
      setStatus("");
      (local.email ? emailInput : consentInput).current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await submitWaitlist(productId, email);
    setBusy(false);
    setStatus(outcome.message);
    if (outcome.ok) {
      setDone(true);
      setErrors({});
      requestAnimationFrame(() => statusLine.current?.focus());
    } else {
      setErrors(outcome.errors);
      if (outcome.errors.email) emailInput.current?.focus();
      else if (outcome.errors.consent) consentInput.current?.focus();
    }
  }

  return (
    <form
      className={WAITLIST_FORM_CLASS}
      aria-labelledby={ids.title}
      // Never a GET with the e-mail in the address, even before the script runs.
      method="post"
      noValidate
      hidden={!open}
      onSubmit={handleSubmit}
      data-waitlist={productId}
    >
      <p id={ids.title} className="font-serif text-lg font-semibold text-olive-900">
        {WAITLIST_TITLE}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{WAITLIST_INTRO}</p>
      <div hidden={done} data-waitlist-fields>
        <label htmlFor={ids.email} className="mt-4 block text-sm font-semibold text-ink">
          {WAITLIST_EMAIL_LABEL}
        </label>
        <input
          ref={emailInput}
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={ids.emailError}
          className="mt-1 w-full rounded-lg border border-cream-400 bg-white px-3 py-2 text-ink"
          data-waitlist-email
        />
        <p id={ids.emailError} className={WAITLIST_ERROR_CLASS} data-waitlist-error="email">
          {errors.email}
        </p>
        <div className="mt-2 flex items-start gap-3">
          <input
            ref={consentInput}
            id={ids.consent}
            name="consent"
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={ids.consentError}
            className="mt-1 size-5 shrink-0 accent-olive-700"
            data-waitlist-consent
          />
          <label htmlFor={ids.consent} className="text-sm text-ink">
            {WAITLIST_CONSENT_TEXT}
          </label>
        </div>
        <p id={ids.consentError} className={WAITLIST_ERROR_CLASS} data-waitlist-error="consent">
          {errors.consent}
        </p>
        <button
          type="submit"
          className="btn btn-primary mt-2 w-full sm:w-auto"
          aria-disabled={busy}
          data-waitlist-submit
        >
          {busy ? WAITLIST_SENDING : WAITLIST_SUBMIT}
        </button>
      </div>
      <p
        ref={statusLine}
        role="status"
        tabIndex={-1}
        className="mt-3 min-h-5 text-sm font-medium text-olive-800"
        data-waitlist-status
      >
        {status}
      </p>
    </form>
  );
}
