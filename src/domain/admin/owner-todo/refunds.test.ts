import { describe, expect, it } from "vitest";
import type { TodoWithdrawal } from "./facts";
import { order } from "./fixtures";
import { refundsDue } from "./refunds";

describe("refundsDue (L221-24: 14 days)", () => {
  const withdrawal = (overrides: Partial<TodoWithdrawal>): TodoWithdrawal => ({
    id: "W1",
    order_id: "ORDER-W-00000001",
    order_number: "00000001",
    requested_at: "2026-11-02T09:00:00.000Z",
    customer_name: "",
    customer_email: "marc@example.fr",
    refund_state: "awaiting",
    ...overrides,
  });
  // Requested on 2 November (Paris): the refund is due by 16 November 23:59:59 Paris (22:59:59 UTC).
  const lastSecond = new Date("2026-11-16T22:59:59.000Z");

  it.each([
    [new Date(lastSecond.getTime()), false],
    [new Date(lastSecond.getTime() + 999), false],
    [new Date(lastSecond.getTime() + 1000), true],
  ])("at %s overdue is %s", (now, overdue) => {
    const [item] = refundsDue([withdrawal({})], [], now);
    expect(item?.deadline).toBe("2026-11-16T22:59:59.000Z");
    expect(item?.overdue).toBe(overdue);
    expect(item?.customer).toBe("marc@example.fr");
  });

  it("lists only unsettled withdrawals, due refunds and cancelled paid transfers, each once", () => {
    const now = new Date("2026-11-03T09:00:00.000Z");
    const list = refundsDue(
      [
        withdrawal({ id: "W-open", refund_state: "refund_due" }),
        withdrawal({ id: "W-done", order_id: "ORDER-DONE", refund_state: "refunded" }),
        withdrawal({ id: "W-none", order_id: "ORDER-NONE", refund_state: "nothing_to_refund" }),
      ],
      [
        // Also listed by its open withdrawal: not twice.
        order({
          id: "ORDER-W-00000001",
          status: "delivered",
          payment_status: "partially_refunded",
          refunds: [{ id: "R0", at: "2026-11-02T10:00:00.000Z", amount_cents: 500, status: "due" }],
        }),
        order({
          id: "ORDER-RET-0000002",
          status: "delivered",
          payment_status: "partially_refunded",
          refunds: [
            { id: "R1", at: "2026-10-20T10:00:00.000Z", amount_cents: 900, status: "due" },
            { id: "R2", at: "2026-10-21T10:00:00.000Z", amount_cents: 300, status: "done" },
          ],
        }),
        order({
          id: "ORDER-CAN-0000003",
          status: "cancelled",
          payment_status: "completed",
          status_history: [
            { status: "pending", at: "2026-11-01T09:00:00.000Z" },
            { status: "confirmed", at: "2026-11-01T10:00:00.000Z" },
            { status: "cancelled", at: "2026-11-01T11:00:00.000Z" },
          ],
        }),
        order({
          id: "ORDER-CAN-PAYPAL",
          status: "cancelled",
          payment_status: "completed",
          payment_method: "paypal",
        }),
        order({ id: "ORDER-CAN-UNPAID", status: "cancelled", payment_status: "pending" }),
      ],
      now,
    );
    expect(list.map((item) => [item.key, item.overdue])).toEqual([
      ["ORDER-RET-0000002/R1", false],
      ["ORDER-CAN-0000003/cancellation", false],
      ["W-open", false],
    ]);
    expect(list[0]?.deadline).toBe("2026-11-03T22:59:59.000Z");
    expect(list[0]?.amount_cents).toBe(900);
    expect(list[1]?.since).toBe("2026-11-01T11:00:00.000Z");
  });
});
