import { describe, expect, it } from "vitest";
import { laposteBaseUrlProblem } from "./laposte-hosts";

describe("laposteBaseUrlProblem", () => {
  it("accepts La Poste's own hosts over https", () => {
    expect(laposteBaseUrlProblem("colissimo", "https://ws.colissimo.fr", false)).toBeNull();
    expect(laposteBaseUrlProblem("colissimo", "https://ws.colissimo.fr/", false)).toBeNull();
    expect(laposteBaseUrlProblem("api", "https://api.laposte.fr", false)).toBeNull();
  });

  it.each([
    ["http, not https", "colissimo", "http://ws.colissimo.fr"],
    ["another port", "colissimo", "https://ws.colissimo.fr:8443"],
    ["a look-alike host", "colissimo", "https://ws.colissimo.fr.example.com"],
    ["a sub-domain", "api", "https://evil.api.laposte.fr"],
    ["the other service's host", "api", "https://ws.colissimo.fr"],
    ["a path", "colissimo", "https://ws.colissimo.fr/proxy"],
    ["credentials in the address", "api", "https://user:pass@api.laposte.fr"],
    ["a query", "api", "https://api.laposte.fr/?x=1"],
    ["not a URL", "api", "api.laposte.fr"],
  ] as const)("refuses %s", (_why, service, url) => {
    expect(laposteBaseUrlProblem(service, url, false)).toMatch(
      /^L'adresse du service La Poste doit être https:/,
    );
  });

  it("accepts a double on this machine only when the process allows it", () => {
    expect(laposteBaseUrlProblem("colissimo", "http://127.0.0.1:4010", false)).not.toBeNull();
    expect(laposteBaseUrlProblem("colissimo", "http://127.0.0.1:4010", true)).toBeNull();
    expect(laposteBaseUrlProblem("api", "http://localhost:4010", true)).toBeNull();
    expect(laposteBaseUrlProblem("api", "http://10.0.0.1:4010", true)).not.toBeNull();
  });
});
