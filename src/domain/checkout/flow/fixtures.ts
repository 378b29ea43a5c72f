/**
 * Test fixtures shared by the tests of this folder (imported only by them): a customer's address book, the settings'
 * offer, a pick-up point, the state of a customer and of a guest ready to pay.
 */
import type { Address } from "../../accounts/address";
import type { PickupPoint } from "../../orders/pickup-point";
import type { GuestForm } from "../guest-form";
import type { CheckoutEvent } from "./events";
import { type CheckoutPhase, type CheckoutState, initialCheckout, type Offer, type PhaseName } from "./state";

export type Order = { id: string };
export type State = CheckoutState<Order>;
export type Event = CheckoutEvent<Order>;

export const address = (id: string, country: Address["country"], is_default = false): Address => ({
  id,
  first_name: "Jeanne",
  last_name: "Martin",
  phone: "0612345678",
  address_line1: "3 rue des Oliviers",
  address_line2: null,
  city: "Lyon",
  postal_code: country === "France" ? "69001" : "1000",
  country,
  is_default,
});
export const home = address("a1", "France", true);
export const office = address("a2", "France");
export const brussels = address("b1", "Belgique");
export const order: Order = { id: "order-1" };
export const bank = { bic: "AGRIFRPP", beneficiary: "Savonnerie", bank_name: "Crédit Agricole" };
export const serverTotals = { subtotal: 2580, shipping: 780, discount: 0, total: 3360 };
export const pickupPricing = { cost: 5.9, free_shipping_threshold: 100 };
export const offer: Offer = {
  methods: { paypal: true, bank_transfer: true },
  closedMessage: null,
  bank,
  pickup: pickupPricing,
};
export const relay = (id: string): PickupPoint => ({
  id,
  name: `Relais ${id}`,
  address_line1: "1 rue de la Poste",
  address_line2: null,
  postal_code: "69001",
  city: "Lyon",
  country_code: "FR",
  distance_m: 350,
  opening_hours: [["09:00-12:00"], [], [], [], [], [], []],
});

export const phases: Record<PhaseName, CheckoutPhase<Order>> = {
  editing: { name: "editing" },
  placing_transfer: { name: "placing_transfer" },
  paypal_creating: { name: "paypal_creating" },
  paypal_open: { name: "paypal_open", orderId: "PP-1" },
  paypal_capturing: { name: "paypal_capturing", orderId: "PP-1" },
  placed: { name: "placed", receipt: { kind: "paypal", order } },
};

/** A customer ready to pay by transfer, with an earlier error and the server's totals still shown. */
export const ready = (phase: CheckoutPhase<Order> = phases.editing, changes: Partial<State> = {}): State => ({
  ...initialCheckout<Order>(),
  phase,
  addresses: { status: "ready", addresses: [home, office, brussels] },
  addressId: home.id,
  method: "bank_transfer",
  senderName: "Jeanne Martin",
  terms: true,
  error: "Ancienne erreur",
  errorsShown: 1,
  serverTotals,
  ...changes,
});

/** The same customer, having chosen a pick-up point and given a mobile. */
export const pickupReady: Partial<State> = {
  offer,
  delivery: "pickup",
  pickupPoint: relay("R1"),
  pickupPhone: "07 11 22 33 44",
};

export const jeanne: GuestForm = {
  email: " jeanne@example.fr ",
  address: {
    first_name: "Jeanne",
    last_name: "Martin",
    phone: "06 12 34 56 78",
    address_line1: "3 rue des Oliviers",
    address_line2: "",
    city: "Lyon",
    postal_code: "69001",
    country: "France",
  },
};
/** A guest ready to pay by transfer: no session, no address book. */
export const guestReady = (changes: Partial<State> = {}): State =>
  ready(phases.editing, {
    buyer: "guest",
    guest: jeanne,
    addresses: { status: "loading" },
    addressId: null,
    ...changes,
  });
