import { describe, expect, it } from "vitest";
import { PAYPAL_URL_MESSAGE, paypalBaseUrlProblem } from "./paypal-hosts";

describe("paypalBaseUrlProblem", () => {
  it.each([
    "https://api-m.sandbox.paypal.com",
    "https://api-m.paypal.com/",
    "https://api.sandbox.paypal.com",
  ])("accepts PayPal's API host %s", (url) => expect(paypalBaseUrlProblem(url, false)).toBeNull());

  it.each([
    "http://169.254.169.254/latest/meta-data",
    "http://api-m.paypal.com",
    "https://api-m.paypal.com.evil.example",
    "https://evil.example/?h=api-m.paypal.com",
    "https://user:pw@api-m.paypal.com",
    "https://api-m.paypal.com:8443",
    "https://api-m.paypal.com/v1",
    "http://127.0.0.1:9000",
    "pas une adresse",
  ])("refuses %s", (url) => expect(paypalBaseUrlProblem(url, false)).toBe(PAYPAL_URL_MESSAGE));

  it("accepts a PayPal double on this machine only when allowed explicitly", () => {
    expect(paypalBaseUrlProblem("http://127.0.0.1:41234", true)).toBeNull();
    expect(paypalBaseUrlProblem("http://localhost:41234", true)).toBeNull();
    expect(paypalBaseUrlProblem("http://10.0.0.5:41234", true)).toBe(PAYPAL_URL_MESSAGE);
  });
});
