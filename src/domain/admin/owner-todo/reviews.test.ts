import { describe, expect, it } from "vitest";
import { MODERATION_DAYS } from "../../reviews/moderation-words";
import { ownerTodo } from "./list";
import { reviewsToModerate } from "./reviews";

const now = new Date("2026-11-10T10:00:00.000Z");
const daysAgo = (days: number) => ({
  submitted_at: new Date(now.getTime() - days * 86_400_000).toISOString(),
});

describe("reviewsToModerate", () => {
  it("is nothing when no review waits", () => {
    expect(reviewsToModerate([], now)).toBeNull();
  });

  it("counts the waiting reviews and those past the published delay, not those just at it", () => {
    const waiting = [daysAgo(0), daysAgo(MODERATION_DAYS), daysAgo(MODERATION_DAYS + 0.01), daysAgo(30)];
    expect(reviewsToModerate(waiting, now)).toEqual({ count: 4, overdue: 2 });
  });

  it("adds each waiting review to the list's count", () => {
    const todo = ownerTodo(
      {
        orders: [],
        withdrawals: [],
        products: [],
        batches: [],
        publishing: { state: "up_to_date", error: null },
        reviews: [daysAgo(1), daysAgo(9)],
      },
      now,
    );
    expect(todo.reviews).toEqual({ count: 2, overdue: 1 });
    expect(todo.count).toBe(2);
  });
});
