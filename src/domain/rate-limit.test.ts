import { describe, expect, it } from "vitest";
import {
  BUCKETS_PER_WINDOW,
  bucketLength,
  bucketOf,
  bucketStart,
  bucketsAround,
  clientAddressKey,
  judgeAttempt,
  type RateLimitRule,
  rateLimits,
} from "./rate-limit";

const rule: RateLimitRule = { max: 10, windowMinutes: 15 };
const MINUTE = 60_000;
const t = (iso: string) => Date.parse(iso);

describe("buckets", () => {
  it("cuts a window in BUCKETS_PER_WINDOW equal buckets", () => {
    expect(BUCKETS_PER_WINDOW).toBe(15);
    expect(bucketLength(rule)).toBe(MINUTE);
    expect(bucketLength(rateLimits.promoChecks)).toBe(40_000);
    expect(bucketLength(rateLimits.resetMailsPerEmail)).toBe(4 * MINUTE);
  });

  it("places an instant in its bucket and gives the bucket's start", () => {
    const at = t("2030-03-04T10:14:40.000Z");
    const bucket = bucketOf(rule, at);
    expect(bucketStart(rule, bucket)).toBe(t("2030-03-04T10:14:00.000Z"));
    expect(bucketOf(rule, t("2030-03-04T10:14:59.999Z"))).toBe(bucket);
    expect(bucketOf(rule, t("2030-03-04T10:15:00.000Z"))).toBe(bucket + 1);
    expect(bucketsAround(bucket)).toEqual({ first: bucket - 15, last: bucket + 15 });
  });
});

describe("judgeAttempt", () => {
  const now = t("2030-03-04T10:15:20.000Z");
  const bucket = bucketOf(rule, now);

  it("judges the attempt when its rank plus the buckets around stay within the limit", () => {
    expect(judgeAttempt(rule, now, bucket, 10, [])).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(judgeAttempt(rule, now, bucket, 4, [{ bucket: bucket - 15, count: 6 }]).allowed).toBe(true);
  });

  it("refuses from the first attempt past the limit (the count includes the attempt itself)", () => {
    expect(judgeAttempt(rule, now, bucket, 11, []).allowed).toBe(false);
    expect(judgeAttempt(rule, now, bucket, 1, [{ bucket: bucket - 1, count: 10 }]).allowed).toBe(false);
  });

  it("sees no fixed boundary: 10 attempts a minute ago count, whatever the clock's quarter", () => {
    // 10 failures at 10:14:40, an attempt at 10:15:20: the old fixed windows would have started afresh.
    const before = bucketOf(rule, t("2030-03-04T10:14:40.000Z"));
    const refused = judgeAttempt(rule, now, bucket, 1, [{ bucket: before, count: 10 }]);
    expect(refused.allowed).toBe(false);
    // They leave the window when the attempt's bucket is 16 buckets after theirs: 10:30:00.
    expect(refused.retryAfterSeconds).toBe((t("2030-03-04T10:30:00.000Z") - now) / 1000);
    expect(
      judgeAttempt(rule, t("2030-03-04T10:29:59.000Z"), before + 15, 1, [{ bucket: before, count: 10 }])
        .allowed,
    ).toBe(false);
    expect(
      judgeAttempt(rule, t("2030-03-04T10:30:00.000Z"), before + 16, 1, [{ bucket: before, count: 10 }])
        .allowed,
    ).toBe(true);
  });

  it("counts the buckets after the attempt's own (another server's clock ahead) and ignores the far ones", () => {
    expect(judgeAttempt(rule, now, bucket, 1, [{ bucket: bucket + 1, count: 10 }]).allowed).toBe(false);
    expect(judgeAttempt(rule, now, bucket, 1, [{ bucket: bucket + 15, count: 10 }]).allowed).toBe(false);
    expect(judgeAttempt(rule, now, bucket, 1, [{ bucket: bucket + 16, count: 10 }]).allowed).toBe(true);
    expect(judgeAttempt(rule, now, bucket, 1, [{ bucket: bucket - 16, count: 10 }]).allowed).toBe(true);
  });

  it("errs on the safe side at a bucket's end: parallel attempts on both sides may judge fewer than max", () => {
    // 15 parallel attempts straddle a bucket's end: 5 ADDs before it, 10 after, every read after every ADD.
    const early = Array.from({ length: 5 }, (_, i) =>
      judgeAttempt(rule, now, bucket, i + 1, [{ bucket: bucket + 1, count: 10 }]),
    );
    const late = Array.from({ length: 10 }, (_, i) =>
      judgeAttempt(rule, now, bucket + 1, i + 1, [{ bucket, count: 5 }]),
    );
    const judged = [...early, ...late].filter((judgement) => judgement.allowed).length;
    // Never more than max (the guarantee); here 5, not 10: exactly max only within one bucket
    // (tests/support/rate-limit-clock.ts pins the tests that count parallel attempts exactly).
    expect(judged).toBe(5);
    expect(judged).toBeLessThanOrEqual(rule.max);
  });

  it("uses the rank, not a listed count, for the attempt's own bucket", () => {
    // The read may find later attempts of the same bucket; they come after this one.
    expect(judgeAttempt(rule, now, bucket, 3, [{ bucket, count: 30 }]).allowed).toBe(true);
  });

  it("says when the oldest attempts will have left the window enough for one more", () => {
    // 4 at bucket-10, 6 at bucket-3, rank 1 now: one more is possible once bucket-10 leaves, 6 buckets later.
    const refused = judgeAttempt(rule, now, bucket, 1, [
      { bucket: bucket - 10, count: 4 },
      { bucket: bucket - 3, count: 6 },
    ]);
    expect(refused).toEqual({
      allowed: false,
      retryAfterSeconds: (bucketStart(rule, bucket + 6) - now) / 1000,
    });
    // Rank 12 in its own bucket: the 11 before it stay until that bucket leaves the window.
    expect(judgeAttempt(rule, now, bucket, 12, []).retryAfterSeconds).toBe(
      (bucketStart(rule, bucket + 16) - now) / 1000,
    );
  });

  it("never answers less than one second", () => {
    const end = bucketStart(rule, bucket + 1) - 1;
    const refused = judgeAttempt(rule, end, bucket, 1, [{ bucket: bucket - 15, count: 10 }]);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe("clientAddressKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    [" 203.0.113.9 ", "203.0.113.9"],
    ["::ffff:127.0.0.1", "127.0.0.1"],
    ["::FFFF:198.51.100.4", "198.51.100.4"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:0db8:0000:0001:ffff:0:0:1", "2001:db8:0:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:0:0:aaaa::2", "2001:db8:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    [null, "unknown"],
    [undefined, "unknown"],
    ["", "unknown"],
  ])("%j -> %j", (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });

  it("gives one key to every address of a /64, and different keys to different /64s", () => {
    expect(clientAddressKey("2a01:cb00:1:2:aaaa:bbbb:cccc:dddd")).toBe(clientAddressKey("2a01:cb00:1:2::9"));
    expect(clientAddressKey("2a01:cb00:1:2::9")).not.toBe(clientAddressKey("2a01:cb00:1:3::9"));
  });

  it("keeps something it cannot parse, bounded", () => {
    expect(clientAddressKey("1:2:3")).toBe("1:2:3");
    expect(clientAddressKey("x".repeat(200))).toHaveLength(64);
  });
});
