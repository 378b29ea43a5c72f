import { describe, expect, it } from "vitest";
import { bankTransferOrderSchema } from "../orders/order";
import { checkoutMessages } from "./messages";

describe("copies of the server's constants", () => {
  it("uses the server's wording for the address and sender-name checks", () => {
    const parsed = bankTransferOrderSchema.safeParse({
      items: [{ product_id: 1, quantity: 1 }],
      total_amount: 1,
    });
    const messages = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    expect(messages).toContain(checkoutMessages.addressRequired);
    expect(messages).toContain(checkoutMessages.senderNameRequired);
  });
});
