import { describe, expect, it } from "vitest";
import { erasureBlocker, exportFileName, exportReadme } from "./personal-data";

const order = (order_number: string, status: string, refunds: { status: string }[] = []) => ({
  order_number,
  status,
  refunds,
});

describe("erasureBlocker", () => {
  it("lets an account with only delivered or cancelled orders go", () => {
    expect(erasureBlocker([])).toBeNull();
    expect(
      erasureBlocker([order("1001", "delivered", [{ status: "done" }]), order("1002", "cancelled")]),
    ).toBeNull();
  });

  it.each(["pending", "confirmed", "shipped"])("waits for a %s order, naming it", (status) => {
    expect(erasureBlocker([order("1001", "delivered"), order("1002", status)])).toBe(
      "Votre compte ne peut pas être supprimé tant qu'une commande est en cours (n° 1002) : vous pourrez le supprimer une fois la commande livrée ou annulée.",
    );
  });

  it("waits for a withdrawal still awaiting its return or refund", () => {
    expect(erasureBlocker([{ ...order("1004", "delivered"), withdrawal_pending: true }])).toMatch(
      /tant qu'une rétractation attend son retour ou son remboursement \(n° 1004\)/,
    );
  });

  it("waits for a refund still to be sent by transfer", () => {
    expect(erasureBlocker([order("1003", "delivered", [{ status: "done" }, { status: "due" }])])).toMatch(
      /tant qu'un remboursement vous est dû \(n° 1003\)/,
    );
  });
});

describe("the export's files", () => {
  it("is named after the day in Paris", () => {
    expect(exportFileName(new Date("2026-11-24T23:30:00Z"))).toBe("mes-donnees-2026-11-25.zip");
    expect(exportFileName(new Date("2026-07-01T21:59:00Z"))).toBe("mes-donnees-2026-07-01.zip");
  });

  it("explains its content in French", () => {
    const readme = exportReadme("Savonnerie", new Date("2026-11-24T10:00:00Z"), [
      "factures/FA-2026-00001.pdf",
    ]);
    expect(readme).toContain("24 novembre 2026");
    expect(readme).toContain("11:00");
    expect(readme).toContain("1 document(s) PDF");
    expect(exportReadme("Savonnerie", new Date(), [])).toContain("Aucune facture");
  });
});
