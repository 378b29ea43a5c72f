import { describe, expect, it } from "vitest";
import { PAYPAL_SDK_BASE_URL, paypalSdkUrl } from "./paypal-sdk";

describe("paypalSdkUrl", () => {
  it("asks PayPal for EUR, capture, fr_FR, the buttons only, with cards", () => {
    const url = new URL(paypalSdkUrl("client-abc"));
    expect(`${url.origin}${url.pathname}`).toBe(PAYPAL_SDK_BASE_URL);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      "client-id": "client-abc",
      currency: "EUR",
      intent: "capture",
      locale: "fr_FR",
      components: "buttons",
      "enable-funding": "card",
    });
  });

  it("uses another base address when given one (a stand-in in tests)", () => {
    expect(paypalSdkUrl("id", "http://localhost:9/sdk.js")).toMatch(
      /^http:\/\/localhost:9\/sdk\.js\?client-id=id&/,
    );
    expect(paypalSdkUrl("id", "http://localhost:9/sdk?x=1")).toMatch(/\?x=1&client-id=id&/);
  });
});
