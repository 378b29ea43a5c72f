import { useEffect, useRef, useState } from "react";
import type { ConsentChoice } from "../../domain/consent";
import { saveConsent, startAnalytics } from "../../lib/analytics";
import { consentNeeded } from "../../lib/consent-state";

/**
 * The audience-measurement consent banner (CNIL): rendered only when the site was built with a measurement id.
 * 'Tout refuser' and 'Tout accepter' look the same, nothing is pre-ticked, the choice is kept 6 months, and any
 * element with data-consent-open (the footer's 'Gestion des cookies') shows the banner again.
 */
export default function ConsentBanner() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    if (consentNeeded()) setOpen(true);
    else startAnalytics();
    const onClick = (event: MouseEvent) => {
      const trigger = (event.target as Element | null)?.closest?.<HTMLElement>("[data-consent-open]");
      if (!trigger) return;
      event.preventDefault();
      opener.current = trigger;
      reopened.current = true;
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    // The install prompt (a plain script) waits while the banner is open.
    document.documentElement.toggleAttribute("data-consent-banner", open);
    window.dispatchEvent(new Event("consent-banner"));
    if (open && reopened.current) heading.current?.focus();
  }, [open]);

  if (!open) return null;

  function choose(choice: ConsentChoice) {
    saveConsent(choice);
    setOpen(false);
    if (reopened.current) opener.current?.focus();
    reopened.current = false;
  }

  const button =
    "btn min-w-36 flex-1 border-2 border-olive-700 bg-olive-700 text-cream-50 hover:bg-olive-800 sm:flex-none";
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-cream-300 bg-white shadow-[0_-8px_24px_rgba(38,45,20,0.12)]"
      data-testid="consent-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-5 sm:px-6 lg:flex-row lg:items-end lg:gap-8">
        <div className="flex-1">
          <h2
            id="consent-title"
            ref={heading}
            tabIndex={-1}
            className="font-serif text-xl font-semibold text-olive-900 focus:outline-none"
          >
            Mesure d'audience
          </h2>
          <p id="consent-text" className="mt-2 text-sm leading-relaxed text-ink-soft">
            Avec votre accord, nous utilisons Google Analytics pour mesurer la fréquentation de la boutique et
            savoir quels savons sont consultés ou ajoutés au panier. Ces traceurs déposent des cookies et
            transmettent des données de navigation à Google, y compris hors de l'Union européenne. Refuser ne
            change rien à vos achats. Votre choix est conservé 6 mois et modifiable à tout moment par le lien
            « Gestion des cookies » en bas de page.{" "}
            <a
              href="/legal-mentions#cookies"
              target="_blank"
              rel="noopener"
              className="rounded-sm font-medium text-olive-700 underline underline-offset-4"
            >
              En savoir plus<span className="sr-only"> (nouvel onglet)</span>
            </a>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={button} onClick={() => choose("denied")}>
            Tout refuser
          </button>
          <button type="button" className={button} onClick={() => choose("granted")}>
            Tout accepter
          </button>
        </div>
      </div>
    </section>
  );
}
