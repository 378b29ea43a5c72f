import { describe, expect, it } from "vitest";
import type { Order } from "../../src/domain/orders/order";
import type { WithdrawalRecord } from "../../src/domain/withdrawals/withdrawal-schemas";
import { ORDER_PICKUP_POINT } from "../../tests/fixtures/pickup-point";
import { resetPasswordMail, signinLockedMail } from "../accounts/mails";
import { recallMail } from "../batches/mails";
import { guestLinkMail, orderConfirmationMail, refundMail, shippedMail } from "../orders/mails";
import { withdrawalAcknowledgementMail } from "../withdrawals/mails";

/** Issue 31: what the order e-mails say of the delivery, to the customer's address or to a pick-up point. */

const context = { shopName: "Savonnerie d'Alep", siteUrl: "https://savon.example" };

const point = ORDER_PICKUP_POINT;

const HOURS = [
  "Lundi : 9 h – 12 h, 14 h – 18 h 30",
  "Mardi : 9 h – 12 h, 14 h – 18 h 30",
  "Mercredi : 9 h – 12 h",
  "Jeudi : 9 h – 12 h, 14 h – 18 h 30",
  "Vendredi : 9 h – 12 h, 14 h – 18 h 30",
  "Samedi : 9 h – 12 h 30",
  "Dimanche : fermé",
];

function order(changes: Partial<Order> = {}): Order {
  return {
    id: "01JPICKUPORDER0000ABCD1234",
    order_number: "ABCD1234",
    created_at: "2026-03-01T10:00:00.000Z",
    status: "confirmed",
    total_amount: 31.7,
    original_total: 31.7,
    subtotal_amount: 25.8,
    shipping_amount: 5.9,
    discount_amount: 0,
    free_shipping_threshold: 100,
    payment_method: "paypal",
    payment_status: "completed",
    promo_code: null,
    order_notes: null,
    transfer_reference: null,
    paypal_order_id: "PP-1",
    paypal_payer_id: null,
    paypal_capture_id: "CAP-1",
    shipping_company: null,
    tracking_number: null,
    estimated_delivery: null,
    shipping_notes: null,
    has_shipping_label: false,
    tracking_events: [],
    shipping_address: {
      first_name: "Jeanne",
      last_name: "Martin",
      phone: "+33612345678",
      address_line1: "3 rue des Oliviers",
      address_line2: null,
      city: "Lyon",
      postal_code: "69001",
      country: "France",
    },
    delivery_mode: "home",
    pickup_point: null,
    invoice_number: null,
    credit_note_number: null,
    refunds: [],
    refunded_amount: 0,
    auto_refund_id: null,
    is_guest: false,
    version: 1,
    user: { full_name: "Jeanne Martin", email: "jeanne@example.fr" },
    items: [
      {
        id: "i1",
        product_id: 1,
        product_name: "Savon d'Alep Premium",
        product_image: "/images/premium.webp",
        unit_price: 12.9,
        quantity: 2,
        total_price: 25.8,
        lots: [],
      },
    ],
    status_history: [],
    ...changes,
  };
}

const pickupOrder = (changes: Partial<Order> = {}) =>
  order({ delivery_mode: "pickup", pickup_point: point, ...changes });

describe("orderConfirmationMail: the delivery", () => {
  it("home delivery keeps the address block as before, with no word of a pick-up point", () => {
    const mail = orderConfirmationMail(order(), context);
    expect(mail.text).toContain(
      ["Livraison à :", "Jeanne Martin", "3 rue des Oliviers", "69001 Lyon", "France"].join("\n"),
    );
    expect(mail.html).toContain("<strong>Livraison à :</strong>");
    expect(mail.html).toContain("<li>3 rue des Oliviers</li>");
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("point relais");
      expect(part).not.toContain("SMS");
    }
  });

  it("a pick-up point: its name, address, opening hours and the SMS to the customer's mobile, in both parts", () => {
    const mail = orderConfirmationMail(pickupOrder(), context);
    expect(mail.text).toContain(
      [
        "Livraison en point relais :",
        "Tabac de la Gare",
        "2 rue Colbert",
        "Galerie marchande",
        "13001 Marseille",
        "Horaires d'ouverture :",
        ...HOURS,
        "Colis au nom de Jeanne Martin",
        "Vous recevrez un SMS au 06 12 34 56 78 dès que votre colis sera disponible.",
      ].join("\n"),
    );
    expect(mail.text).not.toContain("Livraison à :");
    expect(mail.text).not.toContain("3 rue des Oliviers");

    expect(mail.html).toContain("<strong>Livraison en point relais :</strong>");
    expect(mail.html).toContain("<strong>Horaires d&#39;ouverture :</strong>");
    expect(mail.html).toContain("<p>Colis au nom de Jeanne Martin</p>");
    for (const line of [
      "Tabac de la Gare",
      "2 rue Colbert",
      "Galerie marchande",
      "13001 Marseille",
      ...HOURS,
    ]) {
      expect(mail.html).toContain(`<li>${line}</li>`);
    }
    expect(mail.html).toContain(
      "<p>Vous recevrez un SMS au 06 12 34 56 78 dès que votre colis sera disponible.</p>",
    );
    expect(mail.html).not.toContain("Livraison à :");
  });

  it("escapes the point's words in the HTML part (they come from La Poste)", () => {
    const mail = orderConfirmationMail(
      pickupOrder({ pickup_point: { ...point, name: "Café <b>&</b> Presse", address_line2: null } }),
      context,
    );
    expect(mail.html).toContain("<li>Café &#60;b&#62;&#38;&#60;/b&#62; Presse</li>");
    expect(mail.html).not.toContain("<b>&</b>");
    expect(mail.text).toContain("Café <b>&</b> Presse\n2 rue Colbert\n13001 Marseille");
  });

  it("a pickup order whose point is missing falls back to the address block", () => {
    const mail = orderConfirmationMail(order({ delivery_mode: "pickup", pickup_point: null }), context);
    expect(mail.text).toContain("Livraison à :\nJeanne Martin");
  });
});

describe("orderConfirmationMail: a line charged under a reduction", () => {
  const MENTION = "Prix de référence : le prix le plus bas des 30 jours précédant la réduction";
  const reduced = () =>
    order({
      items: [
        {
          id: "i1",
          product_id: 1,
          product_name: "Savon <Alep> & laurier",
          product_image: "/images/premium.webp",
          unit_price: 10,
          quantity: 2,
          total_price: 20,
          lots: [],
          reduction: { kind: "soldes", reference: 12.5, percent: 20 },
        },
        {
          id: "i2",
          product_id: 2,
          product_name: "Savon d'Alep Premium",
          product_image: "/images/premium.webp",
          unit_price: 5.8,
          quantity: 1,
          total_price: 5.8,
          lots: [],
        },
      ],
    });

  it("says, under the line, the word, the percentage, the price charged, the reference and its mention", () => {
    const mail = orderConfirmationMail(reduced(), context);
    expect(mail.text).toContain(
      [
        "2 × Savon <Alep> & laurier — 20,00\u00a0€",
        "  Soldes -20\u00a0% : 10,00\u00a0€ au lieu de 12,50\u00a0€",
        `  ${MENTION}`,
        "1 × Savon d'Alep Premium — 5,80\u00a0€",
        "Sous-total : 25,80\u00a0€",
      ].join("\n"),
    );
    expect(mail.text.match(/Prix de référence/g)).toHaveLength(1);
  });

  it("strikes the reference through in the HTML part, the product's name escaped", () => {
    const { html } = orderConfirmationMail(reduced(), context);
    expect(html).toContain(
      `<li>2 × Savon &#60;Alep&#62; &#38; laurier — 20,00\u00a0€<br><span style="font-size:13px;color:#5b5b50">Soldes -20\u00a0% : 10,00\u00a0€ au lieu de <s>12,50\u00a0€</s><br>${MENTION}</span></li>`,
    );
    expect(html).toContain("<li>1 × Savon d&#39;Alep Premium — 5,80\u00a0€</li>");
    expect(html).toContain("<li>Sous-total : 25,80\u00a0€</li>");
  });

  it("says nothing of a reduction for a line at its price", () => {
    const mail = orderConfirmationMail(order(), context);
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain("Prix de référence");
      expect(part).not.toContain("au lieu de");
    }
  });
});

describe("shippedMail: where the parcel goes", () => {
  const shipped = (changes: Partial<Order> = {}) =>
    ({
      status: "shipped",
      shipping_company: "Colissimo",
      tracking_number: "6A12345678901",
      ...changes,
    }) as const;

  it("home delivery: the sentence as before", () => {
    const mail = shippedMail(order(shipped()), context);
    expect(mail.text).toContain(
      "Bonne nouvelle : votre commande n° ABCD1234 a été expédiée avec Colissimo.\n",
    );
    expect(mail.text).not.toContain("point relais");
    expect(mail.html).not.toContain("point relais");
  });

  it("a pick-up point: « à retirer au point relais » with its name and address, and the SMS, in both parts", () => {
    const mail = shippedMail(pickupOrder(shipped()), context);
    const sentence =
      "Bonne nouvelle : votre commande n° ABCD1234 a été expédiée avec Colissimo, à retirer au point relais Tabac de la Gare, 2 rue Colbert, Galerie marchande, 13001 Marseille.";
    const sms = "Vous recevrez un SMS au 06 12 34 56 78 dès que votre colis sera disponible.";
    expect(mail.text).toContain(`${sentence}\n${sms}\nNuméro de suivi : 6A12345678901`);
    expect(mail.html).toContain(sentence);
    expect(mail.html).toContain(sms);
    expect(mail.html).toContain("Suivre sur Colissimo");
  });
});

describe("guest orders' mails (issue 32): every link to the order carries the guest's token", () => {
  const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
  const guestContext = { ...context, guestToken: TOKEN };
  const id = "01JPICKUPORDER0000ABCD1234";
  const tracking = `https://savon.example/orders/track/${id}#acces=${TOKEN}`;
  const withdrawal = `https://savon.example/retractation?commande=${id}#acces=${TOKEN}`;
  const accountTracking = `https://savon.example/orders/track/${id}`;
  const accountWithdrawal = `https://savon.example/retractation?commande=${id}`;
  const personal = "Ce lien est personnel : ne le transférez pas.";

  /** Every link to the order's page or its withdrawal form in a part, whatever follows it. */
  const orderLinks = (part: string) =>
    part.match(/https:\/\/savon\.example\/(?:orders\/track|retractation)[^\s"<]*/g) ?? [];

  const refunded = (changes: Partial<Order> = {}) =>
    order({
      status: "delivered",
      refunds: [
        {
          id: "r1",
          at: "2026-03-10T10:00:00.000Z",
          lines: [{ index: 0, product_name: "Savon d'Alep Premium", quantity: 1, restock: true }],
          amount: 12.9,
          shipping_amount: 0,
          method: "paypal",
          status: "done",
          credit_note_number: "AV-2026-000001",
          done_at: "2026-03-10T10:00:00.000Z",
        },
      ],
      ...changes,
    });
  const record: WithdrawalRecord = {
    id: "w1",
    order_id: id,
    order_number: "ABCD1234",
    requested_at: "2026-03-05T09:30:00.000Z",
    scope: "whole",
    effect: "cancelled",
    channel: "guest",
    lines: [{ index: 0, quantity: 2, product_name: "Savon d'Alep Premium" }],
  };
  const ackOrder = {
    id,
    customer_email: "jeanne@example.fr",
    payment_method: "paypal",
    payment_status: "completed",
  } as const;

  /** Each order mail, for a guest (with the token) or a customer (without). */
  const mails = (ctx: typeof context & { guestToken?: string }) => ({
    confirmation: orderConfirmationMail(order({ is_guest: Boolean(ctx.guestToken) }), ctx),
    shipped: shippedMail(
      order({ status: "shipped", shipping_company: "Colissimo", tracking_number: "6A1" }),
      ctx,
    ),
    refund: refundMail(refunded(), "r1", ctx),
    withdrawal: withdrawalAcknowledgementMail(ackOrder, record, ctx),
  });

  it.each(Object.keys(mails(context)) as (keyof ReturnType<typeof mails>)[])(
    "%s: a guest's links open her tracking page and withdrawal form with the token, none the account's",
    (name) => {
      const mail = mails(guestContext)[name];
      for (const part of [mail.text, mail.html]) {
        const links = orderLinks(part);
        expect(links.length, `${name}: a link to the order`).toBeGreaterThan(0);
        for (const link of links) expect([tracking, withdrawal]).toContain(link);
        expect(part).toContain(tracking);
      }
    },
  );

  it.each(Object.keys(mails(context)) as (keyof ReturnType<typeof mails>)[])(
    "%s: a customer's mail keeps the account's links, with no token and no word of a personal link",
    (name) => {
      const mail = mails(context)[name];
      for (const part of [mail.text, mail.html]) {
        expect(part).not.toContain(TOKEN);
        expect(part).not.toContain("#acces=");
        expect(part).not.toContain(personal);
        for (const link of orderLinks(part)) expect([accountTracking, accountWithdrawal]).toContain(link);
      }
    },
  );

  it("the mails that offer the withdrawal link give a guest her own (L221-21: in every order e-mail)", () => {
    const { confirmation, shipped, refund } = mails(guestContext);
    for (const mail of [confirmation, shipped, refund]) {
      expect(mail.text).toContain(`Se rétracter du contrat ici : ${withdrawal}`);
    }
    expect(confirmation.html).toContain(`<a href="${withdrawal}">Se rétracter du contrat ici</a>`);
  });

  it("the confirmation: « Suivre ma commande » as a button to her link, and that the link is personal", () => {
    const mail = mails(guestContext).confirmation;
    expect(mail.text).toContain(`Suivez-la à tout moment : ${tracking}\n${personal}`);
    expect(mail.text).toContain("Vos factures se téléchargent depuis cette page une fois le paiement reçu.");
    expect(mail.html).toMatch(
      new RegExp(`<a href="${tracking}" style="background:[^"]+">Suivre ma commande</a>`),
    );
    expect(mail.html).toContain(personal);
    expect(mail.to).toBe("jeanne@example.fr");
    // « Créer mon compte » (a password only) is on the order's page her link opens.
    expect(mail.text).toContain(
      `Créer mon compte (un mot de passe suffit, sur la page de votre commande) : ${tracking}`,
    );
    expect(mail.html).toContain(
      `<a href="${tracking}">Créer mon compte (un mot de passe suffit, sur la page de votre commande)</a>`,
    );
  });

  it("the customer's confirmation is as before: a plain « Suivre ma commande » link to the account's page", () => {
    const mail = mails(context).confirmation;
    expect(mail.text).toContain(`Suivez-la à tout moment : ${accountTracking}\nSe rétracter du contrat ici`);
    expect(mail.html).toContain(`<p><a href="${accountTracking}">Suivre ma commande</a></p>`);
  });

  it("shipped: a guest without La Poste's link gets a button to her order; a customer gets none", () => {
    const plain = order({ status: "shipped", shipping_company: "DHL", tracking_number: "X1" });
    expect(shippedMail(plain, guestContext).html).toContain(`<a href="${tracking}"`);
    expect(shippedMail(plain, guestContext).html).toContain(">Suivre ma commande</a>");
    expect(shippedMail(plain, context).html).not.toContain("Suivre ma commande");
    expect(mails(guestContext).shipped.html).toContain("Suivre sur Colissimo");
  });

  it("refund: the credit note is on her order's page, which the button opens", () => {
    const mail = mails(guestContext).refund;
    expect(mail.text).toContain(
      `L'avoir n° AV-2026-000001 est disponible sur la page de votre commande : ${tracking}`,
    );
    expect(mail.html).toContain(`<a href="${tracking}"`);
  });

  it("withdrawal acknowledgement: the order's detail at her link", () => {
    expect(mails(guestContext).withdrawal.text).toContain(`Le détail de votre commande : ${tracking}`);
  });

  it("a null token is a customer's mail", () => {
    const mail = orderConfirmationMail(order(), { ...context, guestToken: null });
    expect(mail.text).toBe(orderConfirmationMail(order(), context).text);
    expect(mail.html).toBe(orderConfirmationMail(order(), context).html);
  });

  describe("guestLinkMail", () => {
    const mail = guestLinkMail(order({ is_guest: true }), guestContext);

    it("goes to the order's e-mail, its subject naming the order", () => {
      expect(mail.to).toBe("jeanne@example.fr");
      expect(mail.subject).toBe("Votre nouveau lien de suivi – commande n° ABCD1234");
    });

    it("gives the new link, as a button too, and says the earlier ones no longer work", () => {
      expect(mail.text).toContain(
        `Voici votre nouveau lien pour suivre votre commande n° ABCD1234 : ${tracking}`,
      );
      expect(mail.text).toContain("ne fonctionnent plus");
      expect(mail.text).toContain(personal);
      expect(mail.text).toContain(`Se rétracter du contrat ici : ${withdrawal}`);
      expect(mail.html).toMatch(new RegExp(`<a href="${tracking}" style="[^"]+">Suivre ma commande</a>`));
      expect(mail.html).toContain("ne fonctionnent plus");
    });

    it("names the mediator like every order mail, once it is named", () => {
      const named = guestLinkMail(order(), {
        ...guestContext,
        mediator: { name: "CM2C", url: "https://www.cm2c.net" },
      });
      expect(named.text).toContain("CM2C (https://www.cm2c.net)");
    });
  });
});

/**
 * What a mail client would turn into a link in a part of the mail: an address with a scheme or « www. », a bare
 * domain, an e-mail address, a phone number (6 digits or more, spaces, dots or dashes between them). A rough
 * linkifier, as clients are: a word joiner (U+2060) is not a character any of them accepts inside these.
 */
const LINKABLE = [
  /[a-z][a-z0-9+.-]*:\/\/\S+/i,
  /www\.\S+/i,
  /[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/i,
  /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i,
  /\+?\d(?:[ .-]?\d){5,}/,
];

/** The text the reader sees in each element of the HTML part: a client's linkifier runs over one node at a time. */
function htmlTextNodes(html: string): string[] {
  return html
    .split(/<[^>]*>/)
    .map((node) =>
      node
        .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
        .replaceAll("&amp;", "&"),
    );
}

/** The text of the HTML part as the reader sees it (elements dropped, entities decoded). */
const htmlText = (html: string) => htmlTextNodes(html).join("");

describe("orderConfirmationMail: what a visitor typed never becomes a link", () => {
  const hostile = {
    first_name: "Jean https://evil.example",
    last_name: "www.evil.example",
    phone: "+33612345678",
    address_line1: "appelez le 08 99 12 34 56",
    address_line2: "evil@example.com",
    city: "Lyon www.evil.example",
    postal_code: "69001",
    country: "France" as const,
  };
  const named = ["https://evil.example", "www.evil.example"];
  const addressed = [...named, "08 99 12 34 56", "evil@example.com"];
  const visible = (text: string) => text.replaceAll("\u2060", "");

  for (const [label, changes, seen] of [
    ["home delivery", {}, addressed],
    ["a pick-up point (« Colis au nom de … »)", { delivery_mode: "pickup", pickup_point: point }, named],
  ] as const) {
    it(`${label}: the text part reads the same, and nothing of it matches a link, an e-mail or a phone`, () => {
      const mail = orderConfirmationMail(order({ shipping_address: hostile, ...changes }), context);
      for (const text of seen) expect(visible(mail.text)).toContain(text);
      const typed = mail.text.split("\n").filter((line) => seen.some((text) => visible(line).includes(text)));
      expect(typed.length).toBeGreaterThan(0);
      for (const line of typed) for (const pattern of LINKABLE) expect(line).not.toMatch(pattern);
    });

    it(`${label}: the HTML part reads the same, and no element's text matches a link, an e-mail or a phone`, () => {
      const mail = orderConfirmationMail(order({ shipping_address: hostile, ...changes }), context);
      for (const text of seen) expect(visible(htmlText(mail.html))).toContain(text);
      const nodes = htmlTextNodes(mail.html).map((node) => node.replaceAll("\u2060", ""));
      for (const node of nodes)
        for (const text of ["evil.example", "evil@", "08 99", "0899", "https://evil"])
          expect(node).not.toContain(text);
      expect(mail.html).not.toContain("<b>");
    });
  }

  it("the shop's own links stay whole, in both parts", () => {
    const mail = orderConfirmationMail(order({ shipping_address: hostile }), context);
    expect(mail.text).toContain("https://savon.example/orders/track/01JPICKUPORDER0000ABCD1234");
    for (const part of [mail.text, htmlText(mail.html)])
      expect(part).toContain("https://savon.example/cgv#garanties");
    expect(mail.html).toContain('href="https://savon.example/orders/track/01JPICKUPORDER0000ABCD1234"');
  });

  it("a customer's ordinary name and address are left as typed, copyable as they are", () => {
    const mail = orderConfirmationMail(
      order({
        shipping_address: {
          ...hostile,
          first_name: "Jean-Pierre",
          last_name: "O'Neil",
          address_line1: "12 bis, av. du Général-de-Gaulle",
          address_line2: "Bât. B, 3e étage",
          city: "Saint-Étienne",
          postal_code: "42000",
        },
      }),
      context,
    );
    expect(mail.text).toContain(
      "Jean-Pierre O'Neil\n12 bis, av. du Général-de-Gaulle\nBât. B, 3e étage\n42000 Saint-Étienne",
    );
    expect(mail.text).not.toContain("\u2060");
    expect(mail.html).toContain("<li>12 bis, av. du Général-de-Gaulle</li>");
  });
});

describe("greetings name their holder as she typed it, never as a link", () => {
  it("the reset, sign-in lock and recall mails make the name inert in both parts", () => {
    const name = "Jean www.evil.example";
    const mails = [
      resetPasswordMail("a@b.fr", "Savonnerie", name, "https://savon.example/reset#t"),
      signinLockedMail("a@b.fr", "Savonnerie", name, "https://savon.example/reset#t"),
      recallMail(
        {
          to: "a@b.fr",
          customerName: name,
          orderNumber: "X",
          productName: "P",
          lot: "L",
          quantity: 1,
          risk: "R",
        },
        { ...context, email: "contact@savon.example" },
      ),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(`Bonjour Jean www\u2060.evil\u2060.example,`);
      for (const node of htmlTextNodes(mail.html)) expect(node).not.toContain("evil.example");
    }
    for (const mail of mails.slice(0, 2)) expect(mail.text).toContain("https://savon.example/reset#t");
    expect(mails[2]?.text).toContain("contact@savon.example");
  });
});
