import type { ReactNode } from "react";
import type { AdminSettings } from "../../../domain/settings/admin-settings";
import { bankTransfer, paypal, transferFollowUp } from "./payment-cards";
import { reviews } from "./review-cards";
import { type CardSpec, SettingCard } from "./SettingCard";
import { colissimo, shipping } from "./shipping-cards";
import { company, dailySummary, maintenance } from "./shop-cards";

/**
 * The cards of the Paramètres tab (spec 2 "Settings tab"), in the order shown. What each setting shows, its form's
 * inputs, and how the form becomes the value the API checks are declared by job: payment-cards.tsx,
 * shipping-cards.tsx, shop-cards.tsx, review-cards.tsx. SettingCard draws them all.
 */

/** Every card, in the tab's order; each drawn when the API answered its setting. */
export const SETTING_CARDS: readonly DeclaredCard[] = [
  card(bankTransfer),
  card(transferFollowUp),
  card(paypal),
  card(shipping),
  card(colissimo),
  card(company),
  card(maintenance),
  card(dailySummary),
  card(reviews),
];

export type SavedSetting = <K extends keyof AdminSettings>(key: K, value: AdminSettings[K]) => void;

export interface DeclaredCard {
  key: keyof AdminSettings;
  render: (settings: Partial<AdminSettings>, saved: SavedSetting) => ReactNode;
}

/** A declaration as a list entry: the closure keeps the card's own form type, which a list of specs would lose. */
function card<K extends keyof AdminSettings, F>(spec: CardSpec<K, F>): DeclaredCard {
  return {
    key: spec.key,
    render: (settings, saved) => {
      const value = settings[spec.key];
      return value ? (
        <SettingCard
          spec={spec}
          value={value}
          settings={settings}
          onSaved={(next) => saved(spec.key, next)}
        />
      ) : null;
    },
  };
}
