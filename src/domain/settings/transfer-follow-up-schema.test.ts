import { describe, expect, it } from "vitest";
import { defaultTransferFollowUp } from "./settings-constants";
import { transferFollowUpSettingSchema } from "./transfer-follow-up-schema";

describe("transferFollowUpSettingSchema", () => {
  it("accepts the defaults", () => {
    expect(transferFollowUpSettingSchema.parse(defaultTransferFollowUp)).toEqual({
      remind_after_days: 5,
      cancel_after_days: 10,
    });
  });

  it.each([
    [{ remind_after_days: 5, cancel_after_days: 5 }, "cancel_after_days"],
    [{ remind_after_days: 6, cancel_after_days: 5 }, "cancel_after_days"],
    [{ remind_after_days: 0, cancel_after_days: 5 }, "remind_after_days"],
    [{ remind_after_days: 2.5, cancel_after_days: 5 }, "remind_after_days"],
    [{ remind_after_days: 5, cancel_after_days: 61 }, "cancel_after_days"],
    [{ remind_after_days: "5", cancel_after_days: 10 }, "remind_after_days"],
  ])("refuses %o (field %s) with a French message", (value, field) => {
    const result = transferFollowUpSettingSchema.safeParse(value);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(/jour|relance/);
  });
});
