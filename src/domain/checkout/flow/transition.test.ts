import { describe, expect, it } from "vitest";
import type { Address } from "../../accounts/address";
import { pickupMessages } from "../../orders/pickup-point";
import { guestMessages } from "../guest-form";
import { checkoutMessages, PAYPAL_SCRIPT_FAILED } from "../messages";
import type { EventType } from "./events";
import {
  address,
  bank,
  brussels,
  type Event,
  guestReady,
  home,
  jeanne,
  type Order,
  offer,
  office,
  order,
  phases,
  pickupReady,
  ready,
  relay,
  type State,
  serverTotals,
} from "./fixtures";
import { deliveryChoice, pickupPhone, submitProblem, submitting } from "./selectors";
import { type CheckoutPhase, initialCheckout, PHASES, type PhaseName } from "./state";
import { PAYPAL_CANCELLED, transition } from "./transition";

/** One event of each type, each one its phase could accept (from `pickupReady`). */
const EVENTS: Record<EventType, Event> = {
  settings_loaded: { type: "settings_loaded", offer },
  buyer_known: { type: "buyer_known", buyer: "guest" },
  guest_typed: { type: "guest_typed", field: "email", value: "jeanne@example.fr" },
  addresses_loading: { type: "addresses_loading" },
  addresses_loaded: { type: "addresses_loaded", addresses: [office, brussels] },
  addresses_failed: { type: "addresses_failed", message: "Erreur de connexion" },
  addresses_retry: { type: "addresses_retry" },
  address_created: {
    type: "address_created",
    addresses: [home, office, brussels, address("a3", "France")],
    created: address("a3", "France"),
  },
  address_chosen: { type: "address_chosen", id: office.id },
  delivery_chosen: { type: "delivery_chosen", mode: "home" },
  pickup_point_chosen: { type: "pickup_point_chosen", point: relay("R2") },
  pickup_phone_typed: { type: "pickup_phone_typed", phone: "06 99 88 77 66" },
  notes_typed: { type: "notes_typed", text: "Sonnez deux fois" },
  method_chosen: { type: "method_chosen", method: "paypal" },
  sender_typed: { type: "sender_typed", name: "Jean Martin" },
  terms_set: { type: "terms_set", accepted: false },
  totals_inputs_changed: { type: "totals_inputs_changed" },
  promo_rejected: { type: "promo_rejected", message: "Ce code promo a expiré." },
  check: { type: "check", signedIn: true },
  submit_transfer: { type: "submit_transfer", signedIn: true },
  transfer_placed: { type: "transfer_placed", order },
  paypal_create: { type: "paypal_create", signedIn: true },
  paypal_created: { type: "paypal_created", orderId: "PP-2" },
  paypal_approved: { type: "paypal_approved", orderId: "PP-2" },
  paypal_captured: { type: "paypal_captured", order, outcome: "completed" },
  paypal_cancelled: { type: "paypal_cancelled" },
  paypal_failed: { type: "paypal_failed", alreadyShown: false },
  request_failed: {
    type: "request_failed",
    failure: { kind: "message", message: "Stock insuffisant.", cartChanged: false },
  },
};

const IDLE: PhaseName[] = ["editing", "paypal_creating", "paypal_open"];
const OPEN: PhaseName[] = PHASES.filter((phase) => phase !== "placed");
/** The form's fields and what is read from the API: taken while the form is shown, in every phase but placed. */
const EDITS: EventType[] = [
  "settings_loaded",
  "buyer_known",
  "guest_typed",
  "addresses_loading",
  "addresses_loaded",
  "addresses_failed",
  "addresses_retry",
  "address_created",
  "address_chosen",
  "delivery_chosen",
  "pickup_point_chosen",
  "pickup_phone_typed",
  "notes_typed",
  "method_chosen",
  "sender_typed",
  "terms_set",
  "totals_inputs_changed",
  "promo_rejected",
];

type Row = [from: PhaseName, event: EventType, to: PhaseName];

/** Every accepted move; any pair of phase and event not listed is ignored (the same state comes back). */
const ALLOWED: Row[] = [
  ...OPEN.flatMap((phase) => EDITS.map((event): Row => [phase, event, phase])),
  ...IDLE.map((phase): Row => [phase, "check", phase]),
  ...IDLE.map((phase): Row => [phase, "submit_transfer", "placing_transfer"]),
  ["placing_transfer", "transfer_placed", "placed"],
  ...IDLE.map((phase): Row => [phase, "paypal_create", "paypal_creating"]),
  ["paypal_creating", "paypal_created", "paypal_open"],
  ...IDLE.map((phase): Row => [phase, "paypal_approved", "paypal_capturing"]),
  ["paypal_capturing", "paypal_captured", "placed"],
  ...IDLE.map((phase): Row => [phase, "paypal_cancelled", "editing"]),
  ...IDLE.map((phase): Row => [phase, "paypal_failed", "editing"]),
  ["placing_transfer", "request_failed", "editing"],
  ["paypal_creating", "request_failed", "editing"],
  ["paypal_capturing", "request_failed", "editing"],
];

describe("transition: every phase x every event", () => {
  const allowed = new Map(ALLOWED.map(([from, event, to]) => [`${from} ${event}`, to]));
  expect(allowed.size).toBe(ALLOWED.length); // no row listed twice

  for (const from of PHASES) {
    for (const type of Object.keys(EVENTS) as EventType[]) {
      const to = allowed.get(`${from} ${type}`);
      it(`${from} + ${type} -> ${to ?? "ignored"}`, () => {
        const state = ready(phases[from], pickupReady);
        const next = transition(state, EVENTS[type]);
        if (to) {
          expect(next).not.toBe(state);
          expect(next.phase.name).toBe(to);
        } else {
          expect(next).toBe(state);
        }
      });
    }
  }

  it("the table names every phase and every event", () => {
    expect(new Set(PHASES)).toEqual(new Set(Object.keys(phases)));
    expect(new Set(ALLOWED.map(([, event]) => event))).toEqual(new Set(Object.keys(EVENTS)));
  });
});

describe("the submit checks (spec 5), in the spec's order", () => {
  const cases: [string, Partial<State>, boolean, string][] = [
    ["signed out", {}, false, checkoutMessages.signInRequired],
    ["no address", { addressId: null }, true, checkoutMessages.addressRequired],
    ["no name on the transfer", { senderName: "  " }, true, checkoutMessages.senderNameRequired],
    ["terms not accepted", { terms: false }, true, checkoutMessages.termsRequired],
  ];
  for (const [label, changes, signedIn, message] of cases) {
    it(`${label}: « ${message} », shown again, nothing sent`, () => {
      for (const type of ["submit_transfer", "paypal_create", "check"] as const) {
        const state = ready(phases.editing, { ...changes, paypalNotice: "Paiement PayPal annulé" });
        const next = transition(state, { type, signedIn });
        expect(submitProblem(state, signedIn)).toBe(message);
        expect(next).toEqual({ ...state, error: message, errorsShown: 2 });
      }
    });
  }

  it("a paypal payment needs no name on the transfer", () => {
    expect(submitProblem(ready(phases.editing, { method: "paypal", senderName: "" }), true)).toBeNull();
  });

  it("the transfer's button does nothing while PayPal is chosen", () => {
    const state = ready(phases.editing, { method: "paypal" });
    expect(transition(state, EVENTS.submit_transfer)).toBe(state);
  });

  it("a transfer starts with the error and the price notice cleared", () => {
    const next = transition(
      ready(phases.editing, { priceNotice: "Le prix a changé." }),
      EVENTS.submit_transfer,
    );
    expect(next).toMatchObject({ phase: { name: "placing_transfer" }, error: null, priceNotice: null });
    expect(next.serverTotals).toEqual(serverTotals); // the total the buyer confirmed is the one sent
    expect(submitting(next)).toBe(true);
  });

  it("PayPal's order starts with the notices cleared; the check alone clears the error only", () => {
    const state = ready(phases.editing, { priceNotice: "Le prix a changé.", paypalNotice: PAYPAL_CANCELLED });
    expect(transition(state, EVENTS.paypal_create)).toMatchObject({
      phase: { name: "paypal_creating" },
      error: null,
      priceNotice: null,
      paypalNotice: null,
    });
    expect(transition(state, EVENTS.check)).toEqual({ ...state, error: null });
  });
});

describe("the address book", () => {
  const loaded = (addresses: Address[], current: string | null) =>
    transition(ready(phases.editing, { addressId: current }), { type: "addresses_loaded", addresses })
      .addressId;

  it("keeps the chosen address while it is still deliverable, else takes the default, else the first", () => {
    expect(loaded([home, office], office.id)).toBe(office.id);
    expect(loaded([office, home], "gone")).toBe(home.id);
    expect(loaded([office, address("a9", "France")], null)).toBe(office.id);
    expect(loaded([address("b2", "Belgique", true), office], null)).toBe(office.id);
    expect(loaded([brussels], brussels.id)).toBeNull();
    expect(loaded([], home.id)).toBeNull();
  });

  it("an address added is chosen when the shop delivers there", () => {
    const added = (created: Address) =>
      transition(ready(), { type: "address_created", addresses: [home, created], created });
    expect(added(office)).toMatchObject({ addressId: office.id, addresses: { status: "ready" } });
    expect(added(brussels).addressId).toBe(home.id);
  });

  it("only a deliverable address of the book can be chosen", () => {
    const state = ready();
    expect(transition(state, { type: "address_chosen", id: brussels.id })).toBe(state);
    expect(transition(state, { type: "address_chosen", id: "unknown" })).toBe(state);
    const loading = ready(phases.editing, { addresses: { status: "loading" } });
    expect(transition(loading, { type: "address_chosen", id: home.id })).toBe(loading);
  });

  it("« Réessayer » reads the book again; its failure is shown", () => {
    expect(transition(ready(), EVENTS.addresses_retry).addressAttempt).toBe(1);
    expect(transition(ready(), EVENTS.addresses_failed).addresses).toEqual({
      status: "error",
      message: "Erreur de connexion",
    });
  });
});

describe("the form", () => {
  it("keeps 500 characters of notes", () => {
    expect(transition(ready(), { type: "notes_typed", text: "x".repeat(501) }).notes).toHaveLength(500);
  });

  it("selects a method the shop offers (decision record 020), and no other", () => {
    const settings = (paypal: boolean, bank_transfer: boolean, closedMessage: string | null = null) =>
      ({
        type: "settings_loaded",
        offer: { methods: { paypal, bank_transfer }, closedMessage, bank, pickup: null },
      }) as const;
    const paypal = ready(phases.editing, { method: "paypal" });
    expect(transition(paypal, settings(false, true)).method).toBe("bank_transfer");
    expect(transition(ready(), settings(true, false)).method).toBe("paypal");
    expect(transition(paypal, settings(false, false)).method).toBe("paypal");
    const noPaypal = transition(ready(), settings(false, true));
    expect(transition(noPaypal, EVENTS.method_chosen)).toBe(noPaypal);
    const closed = transition(ready(), settings(true, true, "La boutique ouvre bientôt."));
    expect(transition(closed, EVENTS.method_chosen)).toBe(closed);
  });

  it("the server's totals stand until what the totals come from changes here", () => {
    expect(transition(ready(), EVENTS.totals_inputs_changed).serverTotals).toBeNull();
    const state = ready(phases.editing, { serverTotals: null });
    expect(transition(state, EVENTS.totals_inputs_changed)).toBe(state);
  });
});

describe("a request that failed", () => {
  const failed = (
    phase: CheckoutPhase<Order>,
    event: Omit<Extract<Event, { type: "request_failed" }>, "type">,
  ) => transition(ready(phase, { error: null, errorsShown: 0 }), { type: "request_failed", ...event });

  it("PRICE_CHANGED with the server's totals: the new total to confirm, the cart read again, no error", () => {
    const next = failed(phases.placing_transfer, {
      failure: {
        kind: "price_changed",
        message: "Le prix a changé.",
        totals: { ...serverTotals, total: 1234 },
      },
    });
    expect(next).toMatchObject({ phase: { name: "editing" }, error: null, catalogSync: 1 });
    expect(next.serverTotals?.total).toBe(1234);
    expect(next.priceNotice).toBe("Le prix a changé. Nouveau total : 12,34\u00a0€.");
  });

  it("a message is shown (and the cart read again after a PRICE_CHANGED without totals)", () => {
    for (const cartChanged of [false, true]) {
      const next = failed(phases.paypal_creating, {
        failure: { kind: "message", message: "Refusé.", cartChanged },
      });
      expect(next).toMatchObject({ phase: { name: "editing" }, error: "Refusé.", errorsShown: 1 });
      expect(next.catalogSync).toBe(cartChanged ? 1 : 0);
    }
  });

  it("an ended session shows nothing here: the session store takes the buyer to sign in", () => {
    const next = failed(phases.placing_transfer, { failure: { kind: "session_expired" } });
    expect(next).toEqual({ ...ready(phases.editing, { error: null, errorsShown: 0 }) });
  });

  it("a declined card stays on its PayPal order; any other capture failure starts a new attempt", () => {
    const failure = { kind: "message", message: "Paiement refusé.", cartChanged: false } as const;
    const declined = failed(phases.paypal_capturing, { failure, declined: true });
    expect(declined).toMatchObject({ phase: { name: "paypal_open", orderId: "PP-1" }, attempt: 0 });
    const other = failed(phases.paypal_capturing, { failure });
    expect(other).toMatchObject({ phase: { name: "editing" }, attempt: 1, error: "Paiement refusé." });
    expect(failed(phases.placing_transfer, { failure }).attempt).toBe(0); // a retry sends the same key
  });
});

describe("placing the order", () => {
  it("a transfer's receipt carries the bank details the settings gave", () => {
    const withBank = transition(ready(phases.placing_transfer), EVENTS.settings_loaded);
    expect(transition(withBank, EVENTS.transfer_placed).phase).toEqual({
      name: "placed",
      receipt: { kind: "bank_transfer", order, bank },
    });
    expect(transition(ready(phases.placing_transfer), EVENTS.transfer_placed).phase).toMatchObject({
      receipt: { bank: null },
    });
  });

  it("PayPal's capture: paid, pending at PayPal, or neither (an error and a new attempt)", () => {
    const capture = (outcome: "completed" | "pending" | "unfinished") =>
      transition(ready(phases.paypal_capturing), { type: "paypal_captured", order, outcome });
    expect(capture("completed").phase).toEqual({ name: "placed", receipt: { kind: "paypal", order } });
    expect(capture("pending").phase).toEqual({ name: "placed", receipt: { kind: "paypal_pending", order } });
    expect(capture("unfinished")).toMatchObject({
      phase: { name: "editing" },
      error: checkoutMessages.paypalFailed,
      errorsShown: 2,
      attempt: 1,
    });
  });

  it("PayPal's window: its order is kept while open; closing it or its failure starts a new attempt", () => {
    expect(transition(ready(phases.paypal_creating), EVENTS.paypal_created).phase).toEqual({
      name: "paypal_open",
      orderId: "PP-2",
    });
    const cancelled = transition(ready(phases.paypal_open), EVENTS.paypal_cancelled);
    expect(cancelled).toMatchObject({ paypalNotice: PAYPAL_CANCELLED, attempt: 1, error: "Ancienne erreur" });
    const failed = transition(ready(phases.paypal_open), EVENTS.paypal_failed);
    expect(failed).toMatchObject({ error: PAYPAL_SCRIPT_FAILED, errorsShown: 2, attempt: 1 });
    const shown = transition(ready(phases.paypal_open), { type: "paypal_failed", alreadyShown: true });
    expect(shown).toMatchObject({ error: "Ancienne erreur", errorsShown: 1, attempt: 1 });
  });
});

describe("delivery to a pick-up point (issue 31)", () => {
  const offered = (changes: Partial<State> = {}) => ready(phases.editing, { offer, ...changes });
  const choose = (state: State, mode: "home" | "pickup") =>
    transition(state, { type: "delivery_chosen", mode });

  it("home delivery first; the pick-up point only while the settings offer it", () => {
    expect(initialCheckout().delivery).toBe("home");
    const notOffered = ready();
    expect(choose(notOffered, "pickup")).toBe(notOffered);
    const state = offered();
    expect(choose(state, "home")).toBe(state);
    const pickup = choose(state, "pickup");
    expect(pickup).toMatchObject({ delivery: "pickup", pickupPoint: null });
    // The server's totals of a PRICE_CHANGED were the other mode's.
    expect(pickup.serverTotals).toBeNull();
    expect(choose(pickup, "home").delivery).toBe("home");
  });

  it("withdrawn by the settings: back to home delivery, the point forgotten", () => {
    const state = offered(pickupReady);
    const withdrawn = transition(state, { type: "settings_loaded", offer: { ...offer, pickup: null } });
    expect(withdrawn).toMatchObject({ delivery: "home", pickupPoint: null, offer: { pickup: null } });
    expect(transition(state, EVENTS.settings_loaded)).toMatchObject({
      delivery: "pickup",
      pickupPoint: relay("R1"),
    });
  });

  it("a point is chosen in pickup mode only, and kept while the mode changes back and forth", () => {
    const home = offered();
    expect(transition(home, EVENTS.pickup_point_chosen)).toBe(home);
    const chosen = transition(choose(home, "pickup"), EVENTS.pickup_point_chosen);
    expect(chosen.pickupPoint?.id).toBe("R2");
    expect(choose(choose(chosen, "home"), "pickup").pickupPoint?.id).toBe("R2");
    expect(deliveryChoice(choose(chosen, "home"))).toEqual({ mode: "home" });
    // A new search without it: none chosen any more.
    const dropped = transition(chosen, { type: "pickup_point_chosen", point: null });
    expect(dropped.pickupPoint).toBeNull();
    expect(submitProblem(dropped, true)).toBe(pickupMessages.pointRequired);
  });

  it("the mobile: the chosen address's when it is one, until the customer types another (even nothing)", () => {
    const state = offered({ delivery: "pickup" });
    expect(pickupPhone(state)).toBe("06 12 34 56 78");
    const landline = { ...office, phone: "+33412345678" };
    const book = { status: "ready" as const, addresses: [home, landline] };
    expect(pickupPhone(offered({ addresses: book, addressId: landline.id }))).toBe("");
    expect(pickupPhone(offered({ addresses: { status: "loading" }, addressId: null }))).toBe("");
    const typed = transition(state, { type: "pickup_phone_typed", phone: "07 00 00 00 01" });
    expect(pickupPhone(typed)).toBe("07 00 00 00 01");
    expect(pickupPhone(transition(state, { type: "pickup_phone_typed", phone: "" }))).toBe("");
    expect(deliveryChoice({ ...typed, pickupPoint: relay("R3") })).toEqual({
      mode: "pickup",
      pointId: "R3",
      phone: "07 00 00 00 01",
    });
  });

  it("the submit checks: after the address, a point, then a mobile; then the sender's name and the terms", () => {
    const cases: [string, Partial<State>, string][] = [
      [
        "no address",
        { addressId: null, pickupPoint: null, pickupPhone: "" },
        checkoutMessages.addressRequired,
      ],
      ["no point", { pickupPoint: null, pickupPhone: "", senderName: "" }, pickupMessages.pointRequired],
      ["no mobile", { pickupPhone: "", senderName: "" }, pickupMessages.mobileRequired],
      ["a landline", { pickupPhone: "04 12 34 56 78" }, pickupMessages.mobileRequired],
      ["no name on the transfer", { senderName: " " }, checkoutMessages.senderNameRequired],
      ["terms not accepted", { terms: false }, checkoutMessages.termsRequired],
    ];
    for (const [label, changes, message] of cases) {
      for (const type of ["submit_transfer", "paypal_create", "check"] as const) {
        const state = offered({ ...pickupReady, ...changes });
        expect(submitProblem(state, true), label).toBe(message);
        expect(transition(state, { type, signedIn: true }), label).toEqual({
          ...state,
          error: message,
          errorsShown: 2,
        });
      }
    }
    // The address's mobile stands in for one not typed.
    expect(submitProblem(offered({ ...pickupReady, pickupPhone: null }), true)).toBeNull();
    expect(transition(offered(pickupReady), EVENTS.submit_transfer).phase.name).toBe("placing_transfer");
    // Home delivery asks for neither.
    expect(submitProblem(offered({ delivery: "home", pickupPoint: null, pickupPhone: "" }), true)).toBeNull();
  });

  it("PICKUP_POINT_UNKNOWN: the point forgotten, the message shown, a new search asked; the cart is not read again", () => {
    for (const phase of [phases.placing_transfer, phases.paypal_creating]) {
      const next = transition(offered({ ...pickupReady, phase, error: null }), {
        type: "request_failed",
        failure: { kind: "pickup_point_unknown" },
      });
      expect(next).toMatchObject({
        phase: { name: "editing" },
        delivery: "pickup",
        pickupPoint: null,
        pickupPhone: "07 11 22 33 44",
        pickupSearches: 1,
        error: pickupMessages.pointUnknown,
        errorsShown: 2,
        catalogSync: 0,
      });
      expect(submitProblem(next, true)).toBe(pickupMessages.pointRequired);
    }
  });

  it("PICKUP_NOT_OFFERED: back to home delivery, the choice gone, the message shown", () => {
    const next = transition(offered({ ...pickupReady, phase: phases.placing_transfer }), {
      type: "request_failed",
      failure: { kind: "pickup_not_offered" },
    });
    expect(next).toMatchObject({
      phase: { name: "editing" },
      delivery: "home",
      pickupPoint: null,
      offer: { pickup: null },
      serverTotals: null,
      error: pickupMessages.notOffered,
    });
    expect(choose(next, "pickup")).toBe(next);
  });
});

describe("ordering without an account (issue 32)", () => {
  it("a guest with her details, a name on the transfer and the terms may order, signed out", () => {
    const state = guestReady();
    expect(submitProblem(state, false)).toBeNull();
    const next = transition(state, { type: "submit_transfer", signedIn: false });
    expect(next.phase).toEqual({ name: "placing_transfer" });
    expect(next.error).toBeNull();
  });

  it("details lacking: each field says what, the first one is focused, the banner is not scrolled to", () => {
    const state = guestReady({
      guest: { email: "jeanne@", address: { ...jeanne.address, phone: "06 12", city: " " } },
    });
    for (const type of ["submit_transfer", "paypal_create", "check"] as const) {
      const next = transition(state, { type, signedIn: false });
      expect(next.phase).toEqual({ name: "editing" });
      expect(next.error).toBe(guestMessages.detailsInvalid);
      expect(next.errorsShown).toBe(state.errorsShown);
      expect(next.guestErrorsShown).toBe(state.guestErrorsShown + 1);
      expect(next.guestErrors).toEqual({
        "guest.email": guestMessages.emailInvalid,
        "guest.address.phone": guestMessages.phoneInvalid,
        "guest.address.city": guestMessages.cityRequired,
      });
    }
  });

  it("typing in a field clears its message, and only its own", () => {
    const state = guestReady({
      guestErrors: {
        "guest.email": guestMessages.emailInvalid,
        "guest.address.city": guestMessages.cityRequired,
      },
    });
    const next = transition(state, { type: "guest_typed", field: "city", value: "Lyon 1er" });
    expect(next.guest.address.city).toBe("Lyon 1er");
    expect(next.guestErrors).toEqual({ "guest.email": guestMessages.emailInvalid });
    const email = transition(next, { type: "guest_typed", field: "email", value: "j@example.fr" });
    expect(email.guest.email).toBe("j@example.fr");
    expect(email.guestErrors).toEqual({});
  });

  it("the server's messages on her fields (guest.email, guest.address.*): shown on them, the first one focused", () => {
    const state = { ...guestReady(), phase: { name: "placing_transfer" } as const };
    const next = transition(state, {
      type: "request_failed",
      failure: {
        kind: "guest_fields",
        message: "Données invalides.",
        fields: {
          "guest.address.postal_code": "Code postal invalide pour ce pays.",
          items: "Votre panier est vide.",
        },
      },
    });
    expect(next.phase).toEqual({ name: "editing" });
    expect(next.guestErrors).toEqual({ "guest.address.postal_code": "Code postal invalide pour ce pays." });
    expect(next.guestErrorsShown).toBe(state.guestErrorsShown + 1);
    expect(next.error).toBe("Données invalides.");
  });

  it("who orders changes: the point and the mobile chosen for the other address are forgotten", () => {
    const state = ready(phases.editing, pickupReady);
    const next = transition(state, { type: "buyer_known", buyer: "guest" });
    expect(next.buyer).toBe("guest");
    expect(next.pickupPoint).toBeNull();
    expect(next.pickupPhone).toBeNull();
    expect(transition(next, { type: "buyer_known", buyer: "guest" })).toBe(next);
  });

  it("the receipt keeps the link's token and the e-mail, for the transfer and for PayPal", () => {
    const access = { token: "t".repeat(43), email: "jeanne@example.fr" };
    const transfer = transition(
      { ...guestReady({ offer }), phase: { name: "placing_transfer" } },
      { type: "transfer_placed", order, guest: access },
    );
    expect(transfer.phase).toEqual({
      name: "placed",
      receipt: { kind: "bank_transfer", order, bank, guest: access },
    });
    const paypal = transition(
      { ...guestReady(), phase: { name: "paypal_capturing", orderId: "PP-1" } },
      { type: "paypal_captured", order, outcome: "pending", guest: access },
    );
    expect(paypal.phase).toEqual({
      name: "placed",
      receipt: { kind: "paypal_pending", order, guest: access },
    });
  });
});
