import { describe, expect, it } from "vitest";
import type { Order } from "../../src/domain/orders/order";
import { ORDER_PICKUP_POINT } from "../../tests/fixtures/pickup-point";
import { orderConfirmationMail, shippedMail } from "./mails";

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
