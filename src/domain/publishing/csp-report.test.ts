import { describe, expect, it } from "vitest";
import { cspViolations, MAX_VIOLATIONS_PER_REQUEST } from "./csp-report";

describe("cspViolations", () => {
  it("reads the classic report-uri body, preferring the effective directive", () => {
    expect(
      cspViolations({
        "csp-report": {
          "document-uri": "https://savon.example/faq",
          "violated-directive": "script-src-elem",
          "effective-directive": "script-src-elem",
          "blocked-uri": "inline",
          "source-file": "https://savon.example/faq",
          "line-number": 12,
          disposition: "enforce",
          "original-policy": "default-src 'self'",
        },
      }),
    ).toEqual([
      {
        document: "https://savon.example/faq",
        directive: "script-src-elem",
        blocked: "inline",
        source: "https://savon.example/faq",
        line: 12,
        disposition: "enforce",
      },
    ]);
  });

  it("reads the Reporting API's batch, skipping reports of other types", () => {
    const violations = cspViolations([
      { type: "deprecation", body: { id: "x" } },
      {
        type: "csp-violation",
        body: {
          documentURL: "https://savon.example/",
          effectiveDirective: "img-src",
          blockedURL: "http://x",
        },
      },
    ]);
    expect(violations).toEqual([
      {
        document: "https://savon.example/",
        directive: "img-src",
        blocked: "http://x",
        source: "",
        line: null,
        disposition: "enforce",
      },
    ]);
  });

  it("keeps fields short and values of the wrong type empty", () => {
    const [violation] =
      cspViolations({
        "csp-report": { "document-uri": "a".repeat(5000), "line-number": "12", "blocked-uri": 3 },
      }) ?? [];
    expect(violation?.document).toHaveLength(300);
    expect(violation?.line).toBeNull();
    expect(violation?.blocked).toBe("");
  });

  it("reads at most a bounded number of violations from one batch", () => {
    const one = { type: "csp-violation", body: { effectiveDirective: "script-src-elem" } };
    expect(cspViolations(Array.from({ length: 500 }, () => one))).toHaveLength(MAX_VIOLATIONS_PER_REQUEST);
  });

  it.each([[null], ["text"], [42], [{}], [{ "csp-report": "x" }], [[{ type: "deprecation", body: {} }]]])(
    "refuses a body in neither format: %j",
    (body) => {
      expect(cspViolations(body)).toBeNull();
    },
  );
});
