import { describe, expect, it, vi } from "vitest";
import { retryOnStale, STALE, STALE_ATTEMPTS, stalePauseMs } from "./retry-on-stale";

describe("retryOnStale", () => {
  it("returns the first answer that is not STALE, after as many attempts as it took", async () => {
    const seen: number[] = [];
    const result = await retryOnStale(
      async (attempt) => {
        seen.push(attempt);
        return attempt < 3 ? STALE : `written at ${attempt}`;
      },
      () => {
        throw new Error("not exhausted");
      },
    );
    expect(result).toBe("written at 3");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("stops at the one bound and lets the caller answer", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0);
    let attempts = 0;
    const result = await retryOnStale(
      async () => {
        attempts++;
        return STALE;
      },
      () => "exhausted" as const,
    );
    expect(result).toBe("exhausted");
    expect(attempts).toBe(STALE_ATTEMPTS);
    vi.restoreAllMocks();
  });

  it("propagates what the attempt throws (a refusal is not retried)", async () => {
    await expect(
      retryOnStale(
        async () => {
          throw new Error("STOCK_NEGATIVE");
        },
        () => "exhausted",
      ),
    ).rejects.toThrow("STOCK_NEGATIVE");
  });

  it.each([
    [1, 1, 20],
    [5, 1, 100],
    [12, 1, 240],
    [13, 1, 250],
    [44, 1, 250],
    [44, 0, 0],
  ])("pauses at most min(20 ms × attempt, 250 ms): attempt %i, random %f → %i ms", (attempt, random, ms) => {
    expect(stalePauseMs(attempt, () => random)).toBe(ms);
  });
});
