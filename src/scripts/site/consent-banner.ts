/**
 * Drives the consent banner (src/components/site/ConsentBanner.astro): shown while the visitor has not chosen (or
 * their choice is older than 6 months), else the measurement starts if they accepted; 'Gestion des cookies' shows it
 * again with the focus on its heading, and the focus goes back to that link after the choice. The install prompt
 * (a plain script) waits while the banner is open: <html data-consent-banner> and a "consent-banner" event.
 */
import type { ConsentChoice } from "../../domain/legal/consent";
import { saveConsent, startAnalytics } from "../../lib/analytics";
import { consentNeeded } from "../../lib/consent-state";
import { playEarlyTaps } from "./early-taps";

const template = document.querySelector<HTMLTemplateElement>("template[data-consent-template]");
let banner: HTMLElement | null = null;
let opener: HTMLElement | null = null;

const isChoice = (value: unknown): value is ConsentChoice => value === "granted" || value === "denied";

function setOpen(open: boolean, reopened = false): void {
  if (open && !banner && template) {
    banner = (template.content.cloneNode(true) as DocumentFragment).querySelector("section");
    if (banner) document.body.append(banner);
  } else if (!open) {
    banner?.remove();
    banner = null;
  }
  document.documentElement.toggleAttribute("data-consent-banner", open);
  window.dispatchEvent(new Event("consent-banner"));
  if (open && reopened) banner?.querySelector<HTMLElement>("#consent-title")?.focus();
}

function choose(choice: ConsentChoice): void {
  saveConsent(choice);
  setOpen(false);
  opener?.focus();
  opener = null;
}

if (template) {
  if (consentNeeded()) setOpen(true);
  else startAnalytics();
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest<HTMLElement>("[data-consent-choice]")?.dataset.consentChoice;
    if (isChoice(choice)) {
      choose(choice);
      return;
    }
    const trigger = target?.closest<HTMLElement>("[data-consent-open]");
    if (!trigger) return;
    event.preventDefault();
    opener = trigger;
    setOpen(true, true);
  });
  playEarlyTaps("consent");
}
