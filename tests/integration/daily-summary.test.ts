/**
 * The owner's daily summary (issue 19): at 8:00 Paris time, only when there is something to do, at most once a Paris
 * day whatever the number of runs, to the shop's e-mail, unless turned off. The clock is injected.
 */
import { describe, expect, it } from "vitest";
import { runDailySummary } from "../../functions/admin/daily-summary";
import { dailySummaryEntity } from "../../functions/admin/daily-summary-entity";
import type { Mailer } from "../../functions/platform/adapters/mail";
import { putSetting } from "../../functions/settings/service";
import { createTestContext } from "../setup/test-db";
import { createCustomer, placeTransferOrder } from "../support/customers";
import { readMails } from "../support/mail";
import { createSoap } from "../support/products";
import { SHOP_COMPANY } from "../support/shop-setup";

let now = new Date("2026-11-24T12:00:00.000Z");
const ctx = await createTestContext({ now: () => now });
const customer = await createCustomer(ctx.deps, ctx.app);
const summaries = () => readMails(ctx.mailDir).filter((mail) => mail.to === SHOP_COMPANY.email);

describe("the daily summary", () => {
  it("waits for 8:00 Paris, sends nothing when there is nothing to do, and runs once that day", async () => {
    // 07:59 Paris in winter (UTC+1).
    now = new Date("2026-11-25T06:59:00.000Z");
    expect(await runDailySummary(ctx.deps)).toEqual({ outcome: "too_early", day: "2026-11-25" });
    now = new Date("2026-11-25T07:00:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("nothing_to_do");
    expect(summaries()).toEqual([]);
    // Something to do later that day: the morning's run has been done; the dashboard shows it, no second run.
    const soap = await createSoap(ctx.deps, { price: 10, stock: 50 });
    await placeTransferOrder(customer, soap.id, 1, 17.8);
    now = new Date("2026-11-25T10:00:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("already_done");
    expect(summaries()).toEqual([]);
  });

  it("sends the to-do list once the next morning, whatever the number of runs (parallel, retried)", async () => {
    now = new Date("2026-11-26T07:00:00.000Z");
    const scarce = await createSoap(ctx.deps, { price: 12, stock: 1 });
    const runs = await Promise.all([1, 2, 3].map(() => runDailySummary(ctx.deps)));
    expect(runs.map((run) => run.outcome).sort()).toEqual(["already_done", "already_done", "sent"]);
    now = new Date("2026-11-26T21:00:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("already_done");

    const mails = summaries();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`${SHOP_COMPANY.name} — À faire aujourd'hui : 2 choses à faire`);
    expect(mail?.text).toContain("Virements attendus (1)");
    expect(mail?.text).toContain("commandée depuis 1 jour, pas encore relancée");
    expect(mail?.text).toContain("17,80");
    expect(mail?.text).toContain("Stocks bas (1)");
    expect(mail?.text).toContain(`${scarce.name} — plus que 1 en stock (seuil : 2)`);
    expect(mail?.text).toContain(`http://shop.test/admin#produits/${scarce.id}`);
    expect(mail?.text).toMatch(/http:\/\/shop\.test\/admin#commandes\/[A-Z0-9]{8}/);
    // Turning it off: the setting in the admin, linked from every summary.
    expect(mail?.text).toContain("http://shop.test/admin#parametres/daily_summary");
    expect(mail?.html).toContain("Ne plus recevoir ce résumé");
    expect(mail?.text).not.toContain("Commandes à expédier");
  });

  it("gives the day back when the mail could not leave, so a retry sends it", async () => {
    now = new Date("2026-11-27T07:05:00.000Z");
    const failing: Mailer = {
      send: () => Promise.reject(new Error("SES indisponible")),
    };
    await expect(runDailySummary({ ...ctx.deps, mailer: failing })).rejects.toThrow("SES indisponible");
    expect(summaries()).toHaveLength(1);
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("already_done");
    expect(summaries()).toHaveLength(2);
  });

  it("takes over a day left half done by a run that died, but not one still running", async () => {
    const claim = (day: string, at: Date) =>
      dailySummaryEntity(ctx.db)
        .create({ day, claimed_at: at.toISOString(), outcome: "sending", expires_at_ttl: 2_000_000_000 })
        .go();
    now = new Date("2026-12-01T07:30:00.000Z");
    await claim("2026-12-01", new Date(now.getTime() - 5 * 60_000));
    expect((await runDailySummary(ctx.deps)).outcome).toBe("already_done");
    now = new Date("2026-12-02T07:30:00.000Z");
    await claim("2026-12-02", new Date(now.getTime() - 20 * 60_000));
    const before = summaries().length;
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("already_done");
    expect(summaries()).toHaveLength(before + 1);
  });

  it("sends nothing once the owner turns it off, and nothing to a shop without an e-mail", async () => {
    now = new Date("2026-11-28T07:00:00.000Z");
    await putSetting(ctx.deps, "daily_summary", { enabled: false });
    expect((await runDailySummary(ctx.deps)).outcome).toBe("disabled");
    await putSetting(ctx.deps, "daily_summary", { enabled: true });
    await putSetting(ctx.deps, "company_info", { ...SHOP_COMPANY, email: "" });
    expect((await runDailySummary(ctx.deps)).outcome).toBe("no_address");
    await putSetting(ctx.deps, "company_info", SHOP_COMPANY);
    const before = summaries().length;
    // The day was not taken: once the address is back, that day's summary goes.
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
    expect(summaries()).toHaveLength(before + 1);
  });

  it("takes 8:00 Paris in summer time too (06:00 UTC)", async () => {
    now = new Date("2027-07-01T05:59:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("too_early");
    now = new Date("2027-07-01T06:00:00.000Z");
    expect((await runDailySummary(ctx.deps)).outcome).toBe("sent");
  });
});
