/**
 * A text field's classes, shared by the account islands' fields (src/islands/ui/fields.tsx) and the framework-free
 * cart page's promo field (src/lib/cart-view.ts).
 */
export const inputClass =
  "block w-full min-w-0 rounded-lg border border-cream-300 bg-white px-3 py-2.5 text-ink shadow-xs placeholder:text-ink-soft/70 aria-invalid:border-alert disabled:bg-cream-100 disabled:text-ink-soft";
