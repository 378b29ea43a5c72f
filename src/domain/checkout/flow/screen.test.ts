import { describe, expect, it } from "vitest";
import { checkoutScreen } from "./screen";
import type { PhaseName } from "./state";

describe("checkoutScreen", () => {
  const screen = (
    phase: PhaseName,
    hydrated: boolean,
    session: "unknown" | "loading" | "signed-in" | "signed-out",
    cartEmpty = false,
  ) => checkoutScreen({ phase, hydrated, session, cartEmpty });

  it("waits for the browser, the session and the cart; then the form or the sign-in prompt", () => {
    expect(screen("editing", false, "signed-in")).toBe("loading");
    expect(screen("editing", true, "unknown")).toBe("loading");
    expect(screen("editing", true, "loading")).toBe("loading");
    expect(screen("editing", true, "signed-in", true)).toBe("loading");
    expect(screen("editing", true, "signed-out")).toBe("sign_in");
    expect(screen("paypal_open", true, "signed-in")).toBe("form");
    // Placed: the success screen, though the cart is emptied then.
    expect(screen("placed", true, "signed-in", true)).toBe("placed");
  });
});

describe("ordering without an account (issue 32)", () => {
  it("the screen: a guest's form once signed out with « Commander sans compte » chosen; a session wins", () => {
    const screen = (session: "unknown" | "signed-in" | "signed-out", guest: boolean) =>
      checkoutScreen({ phase: "editing", hydrated: true, session, cartEmpty: false, guest });
    expect(screen("signed-out", true)).toBe("guest_form");
    expect(screen("signed-out", false)).toBe("sign_in");
    expect(screen("signed-in", true)).toBe("form");
    expect(screen("unknown", true)).toBe("loading");
    expect(
      checkoutScreen({
        phase: "editing",
        hydrated: false,
        session: "signed-out",
        cartEmpty: false,
        guest: true,
      }),
    ).toBe("loading");
  });
});
