import { describe, expect, it } from "vitest";
import { stockAdjustmentSchema } from "../admin/admin";
import { formatDelta } from "./stock";

describe("stock adjustment", () => {
  it("accepts a signed whole quantity with a reason", () => {
    expect(stockAdjustmentSchema.parse({ delta: -2, note: " 2 cassés " })).toEqual({
      delta: -2,
      note: "2 cassés",
    });
  });

  it.each([
    [{ delta: 0, note: "rien" }, "différente de 0"],
    [{ delta: 1.5, note: "moitié" }, "entière"],
    [{ delta: 3, note: "" }, "raison"],
    [{ delta: "3", note: "texte" }, "entière"],
  ])("refuses %j in French", (input, message) => {
    const result = stockAdjustmentSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it("shows deltas with their sign", () => {
    expect(formatDelta(24)).toBe("+24");
    expect(formatDelta(-2)).toBe("−2");
  });
});
