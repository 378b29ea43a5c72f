import { describe, expect, it } from "vitest";
import {
  checkWithdrawal,
  endOfParisDayAfter,
  type RefundableWithdrawalOrder,
  refundDeadline,
  withdrawableLines,
  withdrawalRefundDeadline,
  withdrawalRefundStates,
  withdrawalWindow,
} from "./withdrawal";

const delivered = (
  at: string,
  extra: Partial<RefundableWithdrawalOrder> = {},
): RefundableWithdrawalOrder => ({
  status: "delivered",
  payment_status: "completed",
  status_history: [
    { status: "pending", at: "2026-01-01T10:00:00.000Z" },
    { status: "shipped", at: "2026-01-02T10:00:00.000Z" },
    { status: "delivered", at },
  ],
  items: [
    { product_name: "Savon A", quantity: 3 },
    { product_name: "Savon B", quantity: 1 },
  ],
  ...extra,
});

describe("endOfParisDayAfter: the last second of the 14th Paris day after delivery", () => {
  it.each([
    // delivered (UTC), deadline (UTC): 23:59:59 Paris time on delivery day + 14
    ["winter, mid-day", "2026-01-10T11:00:00.000Z", "2026-01-24T22:59:59.000Z"],
    ["summer, mid-day", "2026-07-01T08:00:00.000Z", "2026-07-15T21:59:59.000Z"],
    // 00:30 Paris on 11 October is still 10 October in UTC: the Paris day counts
    ["delivered just after Paris midnight", "2026-10-10T22:30:00.000Z", "2026-10-25T22:59:59.000Z"],
    ["delivered just before Paris midnight", "2026-10-11T21:59:00.000Z", "2026-10-25T22:59:59.000Z"],
    // clocks go back on 25 October 2026 (CEST -> CET): the deadline is 23:59:59 CET
    ["autumn DST inside the period", "2026-10-11T10:00:00.000Z", "2026-10-25T22:59:59.000Z"],
    // clocks go forward on 29 March 2026 (CET -> CEST): the deadline is 23:59:59 CEST
    ["spring DST on the last day", "2026-03-15T10:00:00.000Z", "2026-03-29T21:59:59.000Z"],
    ["spring DST inside the period", "2026-03-20T23:30:00.000Z", "2026-04-04T21:59:59.000Z"],
    ["across a year end", "2026-12-25T09:00:00.000Z", "2027-01-08T22:59:59.000Z"],
  ])("%s", (_, at, deadline) => {
    expect(endOfParisDayAfter(new Date(at), 14).toISOString()).toBe(deadline);
  });
});

describe("withdrawalWindow", () => {
  const at = "2026-10-11T10:00:00.000Z";
  it.each([
    ["open on the day of delivery", "2026-10-11T10:00:01.000Z", "open"],
    ["open at 23:59:59.999 Paris on the last day", "2026-10-25T22:59:59.999Z", "open"],
    ["closed at 00:00:00 Paris the next day", "2026-10-25T23:00:00.000Z", "closed"],
    ["closed long after", "2027-01-01T00:00:00.000Z", "closed"],
  ])("%s", (_, now, phase) => {
    expect(withdrawalWindow(delivered(at), new Date(now)).phase).toBe(phase);
  });

  it("explains in French why it is closed, with the dates", () => {
    const window = withdrawalWindow(delivered(at), new Date("2026-11-01T00:00:00.000Z"));
    expect(window.reason).toContain("a pris fin le 25 octobre 2026 à 23 h 59");
    expect(window.reason).toContain("livrée le 11 octobre 2026");
  });

  it.each([
    ["pending", "pending", "before_shipping"],
    ["confirmed", "completed", "before_shipping"],
    ["shipped", "completed", "in_transit"],
    ["cancelled", "completed", "closed"],
    ["cancelled", "failed", "closed"],
    ["delivered", "refunded", "closed"],
  ] as const)("status %s, payment %s: %s", (status, payment_status, phase) => {
    const order = { ...delivered(at), status, payment_status };
    expect(withdrawalWindow(order, new Date(at)).phase).toBe(phase);
  });
});

describe("withdrawableLines and checkWithdrawal", () => {
  const at = "2026-10-11T10:00:00.000Z";
  const now = new Date("2026-10-12T10:00:00.000Z");

  it("subtracts what is already withdrawn or returned, counting the same units once", () => {
    const order = delivered(at, { refunds: [{ lines: [{ index: 0, quantity: 1 }], status: "done" }] });
    expect(
      withdrawableLines(order, [{ lines: [{ index: 0, quantity: 2 }] }]).map((l) => l.available),
    ).toEqual([1, 1]);
    expect(withdrawableLines(order, []).map((l) => l.available)).toEqual([2, 1]);
  });

  it.each([
    ["some lines", [{ index: 0, quantity: 1 }], "lines"],
    [
      "everything",
      [
        { index: 0, quantity: 3 },
        { index: 1, quantity: 1 },
      ],
      "whole",
    ],
    [
      "everything with zero lines left out",
      [
        { index: 1, quantity: 1 },
        { index: 0, quantity: 3 },
        { index: 2, quantity: 0 },
      ],
      "whole",
    ],
  ])("accepts %s", (_, lines, scope) => {
    const result = checkWithdrawal(delivered(at), [], lines, now);
    expect("scope" in result && result.scope).toBe(scope);
  });

  it.each([
    ["nothing chosen", [{ index: 0, quantity: 0 }], "au moins un produit"],
    ["more than bought", [{ index: 0, quantity: 4 }], "au plus 3"],
    ["an unknown line", [{ index: 5, quantity: 1 }], "ne correspond pas"],
    [
      "a line twice",
      [
        { index: 0, quantity: 1 },
        { index: 0, quantity: 1 },
      ],
      "ne correspond pas",
    ],
  ])("refuses %s", (_, lines, reason) => {
    const result = checkWithdrawal(delivered(at), [], lines, now);
    expect("reason" in result && result.reason).toContain(reason);
  });

  it("refuses more than what earlier requests left", () => {
    const result = checkWithdrawal(
      delivered(at),
      [{ lines: [{ index: 0, quantity: 3 }] }],
      [{ index: 0, quantity: 1 }],
      now,
    );
    expect("reason" in result && result.reason).toContain("fait déjà l'objet");
  });

  it("refuses a partial withdrawal before shipping, accepts the whole order", () => {
    const confirmed = { ...delivered(at), status: "confirmed" as const, status_history: [] };
    const partial = checkWithdrawal(confirmed, [], [{ index: 0, quantity: 1 }], now);
    expect("reason" in partial && partial.reason).toContain("porte sur toute la commande");
    const whole = checkWithdrawal(
      confirmed,
      [],
      [
        { index: 0, quantity: 3 },
        { index: 1, quantity: 1 },
      ],
      now,
    );
    expect("scope" in whole && whole.scope).toBe("whole");
  });

  it("refuses after the period", () => {
    const result = checkWithdrawal(
      delivered(at),
      [],
      [{ index: 0, quantity: 1 }],
      new Date("2026-10-26T00:00:00Z"),
    );
    expect("reason" in result && result.reason).toContain("délai de rétractation");
  });
});

describe("refunds after a withdrawal (L221-24)", () => {
  it("the deadline is the end of the 14th Paris day after the request", () => {
    expect(refundDeadline(new Date("2026-11-24T08:28:00.000Z")).toISOString()).toBe(
      "2026-12-08T22:59:59.000Z",
    );
  });

  // Issue 28 item 8: « Rien à rembourser (commande non payée) » sat beside « Remboursement à faire au plus tard le … ».
  it("has no deadline when there is nothing to refund, and the 14-day one otherwise", () => {
    const at = new Date("2026-11-24T08:28:00.000Z");
    expect(withdrawalRefundDeadline(at, "nothing_to_refund")).toBeNull();
    for (const state of ["awaiting", "refund_due", "refunded"] as const)
      expect(withdrawalRefundDeadline(at, state)?.toISOString()).toBe("2026-12-08T22:59:59.000Z");
  });

  it.each([
    ["no return recorded", [], ["awaiting", "awaiting"]],
    [
      "the first request returned, transfer due",
      [{ lines: [{ index: 0, quantity: 1 }], status: "due" as const }],
      ["refund_due", "awaiting"],
    ],
    [
      "both returned and refunded",
      [
        { lines: [{ index: 0, quantity: 1 }], status: "done" as const },
        {
          lines: [
            { index: 0, quantity: 1 },
            { index: 1, quantity: 1 },
          ],
          status: "done" as const,
        },
      ],
      ["refunded", "refunded"],
    ],
  ])("%s", (_, refunds, states) => {
    const order = delivered("2026-10-11T10:00:00.000Z", { refunds });
    const requests = [
      { lines: [{ index: 0, quantity: 1 }] },
      {
        lines: [
          { index: 0, quantity: 1 },
          { index: 1, quantity: 1 },
        ],
      },
    ];
    expect(withdrawalRefundStates(order, requests)).toEqual(states);
  });

  it.each([
    ["refunded", "refunded"],
    ["completed", "refund_due"],
    ["failed", "nothing_to_refund"],
  ] as const)("a cancelled order paid %s: %s", (payment_status, state) => {
    const order = { ...delivered("2026-10-11T10:00:00.000Z"), status: "cancelled" as const, payment_status };
    expect(withdrawalRefundStates(order, [{ lines: [{ index: 0, quantity: 3 }] }])).toEqual([state]);
  });
});
