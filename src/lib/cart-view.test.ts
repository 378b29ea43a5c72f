import { describe, expect, it } from "vitest";
import type { CartItem } from "../domain/cart/cart";
import { defaultShippingSettings } from "../domain/checkout/totals";
import {
  articles,
  type CartViewState,
  cartContent,
  cartLine,
  describeCartChange,
  idlePromoForm,
  totalsTexts,
} from "./cart-view";

const soap: CartItem = {
  id: 7,
  name: "Savon d'Alep 40 %",
  price: "12.90",
  weight: "200 g",
  image: "/media/7.webp",
  quantity: 2,
  stock: 20,
};

const state = (overrides: Partial<CartViewState> = {}): CartViewState => ({
  cart: [soap],
  shipping: defaultShippingSettings,
  promo: null,
  signedIn: false,
  changes: [],
  undo: false,
  promoForm: idlePromoForm,
  ...overrides,
});

/** The text a reader gets: tags out, entities read. */
/** Whether a tag carries the disabled attribute (its classes mention `disabled:` variants). */
const disabled = (tag: string | undefined) => /\sdisabled[\s>]/.test(tag ?? "");

const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

describe("cartContent", () => {
  it("prints the empty cart, and « Panier vidé. » with « Annuler » right after emptying", () => {
    const empty = cartContent(state({ cart: [] })).value;
    expect(text(empty)).toContain("Votre panier est vide");
    expect(text(empty)).toContain("Continuer mes achats");
    expect(empty).not.toContain("Panier vidé.");
    const undone = cartContent(state({ cart: [], undo: true })).value;
    expect(text(undone)).toContain("Panier vidé.Annuler : remettre les articles dans le panier");
    expect(undone).toContain("data-cart-undo");
  });

  it("prints a line with its controls named after the product, and the summary", () => {
    const markup = cartContent(state()).value;
    expect(markup).toContain('aria-label="Diminuer la quantité de Savon d&#39;Alep 40 %"');
    expect(markup).toContain('aria-label="Augmenter la quantité de Savon d&#39;Alep 40 %"');
    expect(markup).toContain('<output aria-live="polite" aria-label="Quantité de Savon d&#39;Alep 40 %"');
    expect(text(markup)).toContain("Quantité : Savon d'Alep 40 %");
    expect(text(markup)).toContain("Retirer Savon d'Alep 40 % du panier");
    expect(text(markup)).toContain("Prix unitaire : 12,90\u00a0€");
    expect(text(markup)).toContain("25,80\u00a0€");
    expect(text(markup)).toContain("Vider le panier");
    expect(text(markup)).toContain("Récapitulatif");
    expect(markup).toContain('<img src="/media/7.webp" alt="" width="96" height="96"');
  });

  it("escapes every stored text: a name or a picture cannot write markup", () => {
    const hostile = { ...soap, name: `<img src=x onerror=alert(1)>"`, image: `x" onerror="alert(2)` };
    const markup = cartContent(state({ cart: [hostile] })).value;
    expect(markup).not.toContain("<img src=x");
    expect(markup).not.toContain('" onerror="');
    expect(markup).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;");
    const notes = cartContent(state({ changes: ["<b>gras</b>"] })).value;
    expect(notes).toContain("&lt;b&gt;gras&lt;/b&gt;");
  });

  it("says when 5 or fewer are left, and disables + at the stock", () => {
    expect(text(cartLine({ ...soap, stock: 6 }).value)).not.toContain("en stock");
    expect(text(cartLine({ ...soap, stock: 5 }).value)).toContain("Seulement 5 en stock");
    const plus = (item: CartItem) =>
      /<button[^>]*data-cart-step="1"[^>]*>/.exec(cartLine(item).value)?.[0] ?? "";
    expect(disabled(plus({ ...soap, quantity: 2, stock: 2 }))).toBe(true);
    expect(disabled(plus({ ...soap, quantity: 1, stock: 2 }))).toBe(false);
  });

  it("counts the articles: singular and plural", () => {
    expect(articles(1)).toBe("1 article");
    expect(articles(3)).toBe("3 articles");
    const one = text(cartContent(state({ cart: [{ ...soap, quantity: 1 }] })).value);
    expect(one).toContain("1 article");
    expect(one).toContain("Sous-total (1 article)");
    expect(text(cartContent(state()).value)).toContain("Sous-total (2 articles)");
  });

  it("offers « Procéder au paiement » signed in, « Se connecter pour commander » otherwise", () => {
    const signedIn = cartContent(state({ signedIn: true })).value;
    expect(signedIn).toContain(
      '<a href="/payment" class="btn btn-primary w-full text-lg">Procéder au paiement</a>',
    );
    expect(signedIn).not.toContain("Se connecter pour commander");
    const visitor = cartContent(state()).value;
    expect(visitor).toContain('data-auth-open="signin">Se connecter pour commander</button>');
    expect(visitor).not.toContain("/payment");
  });

  it("shows the applied code with its saving, or the form with its message", () => {
    const promo = {
      id: "p1",
      code: "SAVON10",
      discount_type: "fixed_amount" as const,
      discount_value: 10,
      discount_amount: 10,
    };
    const applied = text(cartContent(state({ promo })).value);
    expect(applied).toContain("Code SAVON10 appliqué : −10,00\u00a0€");
    expect(applied).toContain("Retirer le code promo SAVON10");
    expect(applied).toContain("Réduction (SAVON10)");
    const empty = cartContent(state()).value;
    expect(disabled(/<button type="submit"[^>]*>/.exec(empty)?.[0])).toBe(true);
    expect(empty).toContain('aria-busy="false"');
    expect(empty).not.toContain('aria-invalid="');
    const refused = cartContent(
      state({ promoForm: { code: "ZZ", checking: false, notice: "Code promo invalide" } }),
    ).value;
    expect(refused).toContain('aria-invalid="true" aria-describedby="promo-code-message"');
    expect(text(refused)).toContain("Code promo invalide");
    expect(disabled(/<button type="submit"[^>]*>/.exec(refused)?.[0])).toBe(false);
    const checking = cartContent(state({ promoForm: { code: "ZZ", checking: true, notice: null } })).value;
    expect(text(checking)).toContain("Vérification...");
    expect(checking).toContain('aria-busy="true"');
  });

  it("says what the catalogue refresh changed", () => {
    const markup = text(
      cartContent(state({ changes: [describeCartChange({ kind: "price", name: "Savon", price: "9.90" })] }))
        .value,
    );
    expect(markup).toContain("Votre panier a été mis à jour :Le prix de « Savon » a été mis à jour.");
  });
});

describe("totalsTexts", () => {
  it("prints shipping, the free-shipping note and the total", () => {
    const below = totalsTexts(
      { subtotal: 2580, shipping: 780, discount: 0, total: 3360 },
      2,
      null,
      defaultShippingSettings,
    );
    expect(below).toMatchObject({ itemsLabel: "(2 articles)", shipping: "7,80\u00a0€", shippingFree: false });
    expect(below.freeShippingNote).toBe(
      "Plus que 74,20\u00a0€ d'achats pour profiter de la livraison gratuite (dès 100,00\u00a0€).",
    );
    expect(below.discount).toBeNull();
    const free = totalsTexts(
      { subtotal: 12000, shipping: 0, discount: 1000, total: 11000 },
      9,
      "SAVON10",
      defaultShippingSettings,
    );
    expect(free).toMatchObject({ shipping: "Gratuit", shippingFree: true, total: "110,00\u00a0€" });
    expect(free.discount).toEqual({ code: "SAVON10", amount: "−10,00\u00a0€" });
    expect(free.freeShippingNote).toBe("Vous bénéficiez de la livraison gratuite !");
  });
});

describe("describeCartChange", () => {
  it("says each change in French", () => {
    expect(describeCartChange({ kind: "removed", name: "Savon" })).toBe(
      "« Savon » n'est plus disponible et a été retiré de votre panier.",
    );
    expect(describeCartChange({ kind: "quantity", name: "Savon", quantity: 3 })).toBe(
      "La quantité de « Savon » a été ramenée à 3 (stock disponible).",
    );
  });
});

describe("a line under a reduction", () => {
  const mention = "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";

  it.each([
    ["promotion", "Promotion"],
    ["soldes", "Soldes"],
  ] as const)("announces « %s » beside the unit price it totals", (kind, label) => {
    const line = { ...soap, price: "9.90", reduction: { kind, reference: 12.9 } };
    const markup = cartLine(line).value;
    expect(text(markup)).toContain(
      `Prix unitaire : 9,90\u00a0€${label}-23\u00a0%Prix de référence : 12,90\u00a0€${mention}`,
    );
    expect(markup).toContain(
      '<s class="text-ink-soft tabular-nums"><span class="sr-only">Prix de référence : </span>12,90',
    );
    expect(text(markup)).toContain("19,80\u00a0€");
    expect(text(cartContent(state({ cart: [line] })).value)).toContain("Sous-total (2 articles)19,80\u00a0€");
  });

  it("announces nothing without one", () => {
    const markup = cartLine(soap).value;
    expect(markup).not.toContain("data-price-reduction");
    expect(markup).not.toContain("Prix de référence");
  });
});
