import { describe, expect, it } from "vitest";
import {
  type LifecycleEffect,
  type LifecycleState,
  ORDER_COMMANDS,
  type OrderCommand,
  planAdminChange,
  transition,
} from "./order-lifecycle";
import { planReturn, type ReturnableOrder } from "./order-return";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "./order-status";

type Row = [from: string, command: OrderCommand, to: string, effects: LifecycleEffect[]];

/** A return's effects, whole or in part: its refund, its credit note, the resaleable stock back, the customer's mail. */
const RETURN: LifecycleEffect[] = ["refund_lines", "issue_refund_note", "restock_returned", "refund_mail"];

/**
 * Every allowed move, as "status/payment". Any pair of state and command not listed here is refused: the test
 * below walks all 25 states x 12 commands. (order-lifecycle.md; legacy states an older version could write, such as
 * confirmed/pending or confirmed/refunded, are listed too.)
 */
const ALLOWED: Row[] = [
  // Waiting for the payment.
  ["pending/pending", "pay", "confirmed/completed", ["issue_invoice"]],
  ["pending/pending", "abandon", "cancelled/failed", ["release"]],
  ["pending/pending", "decline", "cancelled/failed", ["release"]],
  ["pending/pending", "expire", "cancelled/failed", ["release"]],
  ["pending/pending", "cancel", "cancelled/failed", ["release"]],
  ["pending/failed", "abandon", "cancelled/failed", ["release"]],
  ["pending/failed", "decline", "cancelled/failed", ["release"]],
  ["pending/failed", "expire", "cancelled/failed", ["release"]],
  ["pending/failed", "cancel", "cancelled/failed", ["release"]],
  // Paid, being prepared.
  ["confirmed/completed", "ship", "shipped/completed", ["shipping_mail"]],
  [
    "confirmed/completed",
    "cancel",
    "cancelled/completed",
    ["release", "issue_credit_note", "refund_payment"],
  ],
  ["confirmed/completed", "refunded", "cancelled/refunded", ["release", "issue_credit_note"]],
  // On its way.
  ["shipped/completed", "deliver", "delivered/completed", []],
  ["shipped/completed", "cancel", "cancelled/completed", ["release", "issue_credit_note", "refund_payment"]],
  ["shipped/completed", "refunded", "shipped/refunded", ["issue_credit_note"]],
  ["shipped/completed", "return_part", "shipped/partially_refunded", RETURN],
  ["shipped/completed", "return_all", "shipped/refunded", RETURN],
  // Delivered: a refund, or goods sent back (withdrawal, after-sales).
  ["delivered/completed", "refunded", "delivered/refunded", ["issue_credit_note"]],
  ["delivered/completed", "return_part", "delivered/partially_refunded", RETURN],
  ["delivered/completed", "return_all", "delivered/refunded", RETURN],
  // Some goods back and refunded: the rest can still come back; the order is never cancelled as a whole.
  ["shipped/partially_refunded", "deliver", "delivered/partially_refunded", []],
  ["shipped/partially_refunded", "return_part", "shipped/partially_refunded", RETURN],
  ["shipped/partially_refunded", "return_all", "shipped/refunded", RETURN],
  ["delivered/partially_refunded", "return_part", "delivered/partially_refunded", RETURN],
  ["delivered/partially_refunded", "return_all", "delivered/refunded", RETURN],
  // A return's transfer, listed as due, sent: nothing else changes.
  ["shipped/partially_refunded", "refund_sent", "shipped/partially_refunded", ["mark_refund_sent"]],
  ["shipped/refunded", "refund_sent", "shipped/refunded", ["mark_refund_sent"]],
  ["delivered/partially_refunded", "refund_sent", "delivered/partially_refunded", ["mark_refund_sent"]],
  ["delivered/refunded", "refund_sent", "delivered/refunded", ["mark_refund_sent"]],
  // Cancelled and paid: the refund is due, then made.
  ["cancelled/completed", "refund_done", "cancelled/refunded", ["refund_capture"]],
  ["cancelled/completed", "refunded", "cancelled/refunded", []],
  // Legacy states: a status set without its payment, or a refund that left the order open.
  ["pending/completed", "ship", "shipped/completed", ["shipping_mail"]],
  ["pending/completed", "cancel", "cancelled/completed", ["release", "issue_credit_note", "refund_payment"]],
  ["pending/completed", "refunded", "cancelled/refunded", ["release", "issue_credit_note"]],
  ["confirmed/pending", "pay", "confirmed/completed", ["issue_invoice"]],
  ["shipped/pending", "pay", "shipped/completed", ["issue_invoice"]],
  ["delivered/pending", "pay", "delivered/completed", ["issue_invoice"]],
  ["pending/partially_refunded", "ship", "shipped/partially_refunded", ["shipping_mail"]],
  ["confirmed/partially_refunded", "ship", "shipped/partially_refunded", ["shipping_mail"]],
  ...(["confirmed", "shipped", "delivered"] as const).flatMap((status) =>
    (["pending", "failed"] as const).flatMap((payment) =>
      (["abandon", "decline", "expire", "cancel"] as const).map(
        (command): Row => [`${status}/${payment}`, command, "cancelled/failed", ["release"]],
      ),
    ),
  ),
  ["confirmed/refunded", "cancel", "cancelled/refunded", ["release", "issue_credit_note"]],
  ["shipped/refunded", "cancel", "cancelled/refunded", ["release", "issue_credit_note"]],
  ["pending/refunded", "cancel", "cancelled/refunded", ["release", "issue_credit_note"]],
];

const state = (text: string): LifecycleState => {
  const [status, payment_status] = text.split("/");
  return { status, payment_status } as LifecycleState;
};
const text = (s: LifecycleState) => `${s.status}/${s.payment_status}`;

describe("transition: every state x every command", () => {
  const allowed = new Map(
    ALLOWED.map(([from, command, to, effects]) => [`${from} ${command}`, { to, effects }]),
  );
  expect(allowed.size).toBe(ALLOWED.length); // no row listed twice

  for (const status of ORDER_STATUSES) {
    for (const payment of PAYMENT_STATUSES) {
      for (const command of ORDER_COMMANDS) {
        const from = `${status}/${payment}`;
        const expected = allowed.get(`${from} ${command}`);
        it(`${from} + ${command} -> ${expected ? expected.to : "refused"}`, () => {
          const result = transition(state(from), command);
          if (expected) {
            expect(result).toEqual({ allowed: true, to: state(expected.to), effects: expected.effects });
          } else {
            expect(result.allowed).toBe(false);
            if (!result.allowed) expect(result.reason).toMatch(/^[A-ZÀ-Ü].*[.]$/);
          }
        });
      }
    }
  }
});

describe("what the table guarantees", () => {
  const every = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.flatMap((payment_status) =>
      ORDER_COMMANDS.map((command) => ({ from: { status, payment_status }, command })),
    ),
  );

  it("a cancelled order is never paid, shipped, delivered or reopened", () => {
    for (const { from, command } of every.filter(({ from }) => from.status === "cancelled")) {
      const result = transition(from, command);
      if (result.allowed) expect(result.to).toEqual({ status: "cancelled", payment_status: "refunded" });
    }
  });

  it("stock comes back only when an order becomes cancelled, never for delivered goods", () => {
    for (const { from, command } of every) {
      const result = transition(from, command);
      if (!result.allowed || !result.effects.includes("release")) continue;
      expect(result.to.status).toBe("cancelled");
      expect(from.status).not.toBe("cancelled");
      expect(from.status === "delivered" && from.payment_status === "completed").toBe(false);
    }
  });

  it("an invoice is issued only when a payment is received, a credit note only when a received one is undone", () => {
    for (const { from, command } of every) {
      const result = transition(from, command);
      if (!result.allowed) continue;
      expect(result.effects.includes("issue_invoice")).toBe(
        from.payment_status === "pending" && result.to.payment_status === "completed",
      );
      if (result.effects.includes("issue_credit_note")) {
        expect(["completed", "refunded"]).toContain(from.payment_status);
        expect(result.to.status === "cancelled" || result.to.payment_status === "refunded").toBe(true);
      }
    }
  });
});

describe("what the table guarantees of refunds", () => {
  const moves = ORDER_STATUSES.flatMap((status) =>
    PAYMENT_STATUSES.flatMap((payment_status) =>
      ORDER_COMMANDS.map((command) => ({ from: { status, payment_status }, command })),
    ),
  ).flatMap(({ from, command }) => {
    const result = transition(from, command);
    return result.allowed ? [{ from, command, ...result }] : [];
  });

  it("refunds lines only on a return, always with its credit note, and never cancels or ships by it", () => {
    for (const move of moves) {
      const returning = move.command === "return_part" || move.command === "return_all";
      expect(move.effects.includes("refund_lines")).toBe(returning);
      if (!returning) continue;
      expect(move.effects).toEqual(RETURN);
      expect(move.to.status).toBe(move.from.status);
      expect(move.to.payment_status).toBe(move.command === "return_all" ? "refunded" : "partially_refunded");
    }
  });

  it("gives a cancelled order's payment back only when it was received, made by the shop only on refund_done", () => {
    for (const move of moves) {
      expect(move.effects.includes("refund_payment")).toBe(
        move.command === "cancel" && move.from.payment_status === "completed",
      );
      expect(move.effects.includes("refund_capture")).toBe(move.command === "refund_done");
      if (move.effects.includes("refund_payment")) expect(move.effects).toContain("issue_credit_note");
    }
  });

  it("gives returned stock back only on a return, and a whole order's only when it is cancelled", () => {
    for (const move of moves) {
      if (move.effects.includes("restock_returned")) expect(move.effects).toContain("refund_lines");
      expect(move.effects.includes("release") && move.effects.includes("restock_returned")).toBe(false);
    }
  });
});

describe("an order with returns", () => {
  it("is never cancelled as a whole: its returned goods are back already, the rest comes back by a return", () => {
    for (const payment_status of ["completed", "partially_refunded", "refunded"] as const)
      for (const status of ["confirmed", "shipped"] as const) {
        const result = transition({ status, payment_status, has_returns: true }, "cancel");
        expect(result).toEqual({
          allowed: false,
          reason:
            "Des produits de cette commande ont déjà été retournés et remboursés : enregistrez le retour des autres.",
        });
      }
  });

  it("keeps the mark through a plan (deliver, then cancel is refused)", () => {
    const plan = planAdminChange(
      { status: "shipped", payment_status: "partially_refunded", has_returns: true },
      { status: "cancelled" },
    );
    expect(plan).toHaveProperty("reason");
  });
});

describe("planAdminChange: the owner's form as lifecycle commands", () => {
  const plan = (from: string, target: Partial<LifecycleState>) => {
    const result = planAdminChange(state(from), target);
    return "reason" in result ? result.reason : `${result.commands.join(",")} -> ${text(result.to)}`;
  };

  it.each([
    ["pending/pending", { payment_status: "completed" }, "pay -> confirmed/completed"],
    ["pending/pending", { payment_status: "completed", status: "confirmed" }, "pay -> confirmed/completed"],
    [
      "pending/pending",
      { payment_status: "completed", status: "delivered" },
      "pay,ship,deliver -> delivered/completed",
    ],
    ["confirmed/completed", { status: "shipped" }, "ship -> shipped/completed"],
    ["confirmed/completed", { status: "delivered" }, "ship,deliver -> delivered/completed"],
    ["shipped/completed", { status: "delivered" }, "deliver -> delivered/completed"],
    ["pending/pending", { status: "cancelled" }, "cancel -> cancelled/failed"],
    ["pending/pending", { status: "cancelled", payment_status: "failed" }, "cancel -> cancelled/failed"],
    ["confirmed/completed", { status: "cancelled" }, "cancel -> cancelled/completed"],
    [
      "confirmed/completed",
      { status: "cancelled", payment_status: "refunded" },
      "cancel,refund_done -> cancelled/refunded",
    ],
    ["cancelled/completed", { payment_status: "refunded" }, "refund_done -> cancelled/refunded"],
    ["shipped/completed", {}, " -> shipped/completed"],
    ["shipped/completed", { status: "shipped", payment_status: "completed" }, " -> shipped/completed"],
  ] as const)("%s with %o: %s", (from, target, expected) => {
    expect(plan(from, target)).toBe(expected);
  });

  it("lists every status a save passes through, for the history", () => {
    const result = planAdminChange(state("pending/pending"), {
      payment_status: "completed",
      status: "delivered",
    });
    expect("statuses" in result && result.statuses).toEqual(["confirmed", "shipped", "delivered"]);
    const paidOnly = planAdminChange(state("cancelled/completed"), { payment_status: "refunded" });
    expect("statuses" in paidOnly && paidOnly.statuses).toEqual([]);
  });

  it.each([
    ["cancelled/failed", { payment_status: "completed" }, /annulée ne peut plus être payée/],
    ["cancelled/failed", { status: "confirmed" }, /annulée ne peut plus/],
    ["cancelled/completed", { status: "shipped" }, /annulée ne peut plus/],
    ["delivered/completed", { status: "cancelled" }, /livrée ne s'annule pas/],
    ["pending/pending", { status: "shipped" }, /pas payée/],
    ["pending/pending", { status: "confirmed" }, /marquez-la payée/],
    ["shipped/completed", { status: "confirmed" }, /ne revient pas en arrière/],
    ["confirmed/completed", { status: "pending" }, /ne revient pas en attente/],
    ["confirmed/completed", { payment_status: "pending" }, /ne redevient pas en attente/],
    ["pending/pending", { payment_status: "failed" }, /qu'en annulant/],
    ["confirmed/completed", { payment_status: "refunded" }, /pas annulée/],
  ] as const)("%s with %o is refused: %s", (from, target, reason) => {
    expect(plan(from, target)).toMatch(reason);
  });
});

describe("a return as a move (planReturn): the command, the money and the lots, golden values", () => {
  // 3 × 9,90 € (lots L2610 × 1 then L2611 × 2) + 1 × 12,00 €, promo −4,17 €, delivery 7,80 €: 45,33 €, delivered.
  const delivered: ReturnableOrder = {
    status: "delivered",
    payment_status: "completed",
    version: 4,
    items: [
      {
        product_id: 11,
        product_name: "Savon Premium",
        unit_price_cents: 990,
        quantity: 3,
        lots: [
          { lot: "L2610", quantity: 1 },
          { lot: "L2611", quantity: 2 },
        ],
      },
      { product_id: 12, product_name: "Savon Laurier 40 %", unit_price_cents: 1200, quantity: 1 },
    ],
    subtotal_cents: 4170,
    discount_cents: 417,
    shipping_cents: 780,
    total_cents: 4533,
    refunds: [],
  };
  const oneBack = { index: 0, quantity: 1, restock: true };
  const ask = (lines: { index: number; quantity: number; restock: boolean }[], more: object = {}) => ({
    lines,
    refund_shipping: false,
    order_version: 4,
    amount_cents: 0,
    ...more,
  });

  /** The units of the first line still out, the second line (resaleable or not) and the delivery: the whole rest. */
  const theRest = (units: number, resaleable: boolean, amount_cents: number) =>
    ask(
      [
        { index: 0, quantity: units, restock: true },
        { index: 1, quantity: 1, restock: resaleable },
      ],
      { refund_shipping: true, amount_cents },
    );
  const refundedInFull = (amounts: { goods_cents: number; discount_cents: number; total_cents: number }) => ({
    to: { status: "delivered", payment_status: "refunded" },
    commands: ["return_all"],
    effects: RETURN,
    returned: { amounts: { ...amounts, shipping_cents: 780, full: true } },
  });

  it("one unit back, resaleable: return_part, 8,91 € (9,90 € less its 0,99 € of the promo), from the last lot taken", () => {
    expect(planReturn(delivered, ask([oneBack], { amount_cents: 891 }))).toEqual({
      to: { status: "delivered", payment_status: "partially_refunded" },
      commands: ["return_part"],
      effects: RETURN,
      statuses: [],
      returned: {
        amounts: { goods_cents: 990, discount_cents: 99, shipping_cents: 0, total_cents: 891, full: false },
        lines: [
          {
            ...oneBack,
            product_id: 11,
            product_name: "Savon Premium",
            lots: [{ lot: "L2611", quantity: 1 }],
          },
        ],
      },
    });
  });

  it("a line written off: 10,80 € (12,00 € less 1,20 €), no lot given back", () => {
    const plan = planReturn(
      delivered,
      ask([{ index: 1, quantity: 1, restock: false }], { amount_cents: 1080 }),
    );
    expect(plan).toMatchObject({
      commands: ["return_part"],
      returned: {
        amounts: {
          goods_cents: 1200,
          discount_cents: 120,
          shipping_cents: 0,
          total_cents: 1080,
          full: false,
        },
        lines: [
          { index: 1, quantity: 1, restock: false, product_id: 12, product_name: "Savon Laurier 40 %" },
        ],
      },
    });
    expect("returned" in plan && plan.returned.lines[0]).not.toHaveProperty("lots");
  });

  it("everything back with the delivery: return_all, the whole 45,33 €, payment refunded", () => {
    const plan = planReturn(delivered, theRest(3, true, 4533));
    expect(plan).toMatchObject(refundedInFull({ goods_cents: 4170, discount_cents: 417, total_cents: 4533 }));
    expect("returned" in plan && plan.returned.lines[0]?.lots).toEqual([
      { lot: "L2611", quantity: 2 },
      { lot: "L2610", quantity: 1 },
    ]);
  });

  it("the rest after a first return: exactly what is left (36,42 €), to the lots not given back yet", () => {
    const after: ReturnableOrder = {
      ...delivered,
      payment_status: "partially_refunded",
      refunds: [
        {
          lines: [{ ...oneBack, lots: [{ lot: "L2611", quantity: 1 }] }],
          shipping_cents: 0,
          amount_cents: 891,
        },
      ],
    };
    const plan = planReturn(after, theRest(2, false, 3642));
    expect(plan).toMatchObject(refundedInFull({ goods_cents: 3180, discount_cents: 318, total_cents: 3642 }));
    expect("returned" in plan && plan.returned.lines[0]?.lots).toEqual([
      { lot: "L2611", quantity: 1 },
      { lot: "L2610", quantity: 1 },
    ]);
  });

  it.each([
    [
      "a stale form",
      delivered,
      ask([oneBack], { order_version: 3, amount_cents: 891 }),
      { refused: "CONFLICT" },
    ],
    [
      "more than was sent",
      delivered,
      ask([{ index: 0, quantity: 4, restock: true }], { amount_cents: 3564 }),
      { refused: "RETURN_INVALID", reason: "Il ne reste que 3 « Savon Premium » à retourner." },
    ],
    [
      "an order not shipped yet",
      { ...delivered, status: "confirmed" as const },
      ask([oneBack], { amount_cents: 891 }),
      { refused: "ORDER_TRANSITION", reason: expect.stringMatching(/pas encore expédiée/) },
    ],
    [
      "another amount than the server's",
      delivered,
      ask([oneBack], { amount_cents: 990 }),
      { refused: "REFUND_AMOUNT_CHANGED", amount_cents: 891 },
    ],
  ])("refuses %s", (_, order, asked, refusal) => {
    expect(planReturn(order, asked)).toMatchObject(refusal);
  });
});
