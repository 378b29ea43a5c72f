/**
 * The to-do list mailed to the shop at 8:00 Paris time when there is something to do. Any number of runs send at
 * most one e-mail a Paris day: each run first claims the day (an item created on the condition it does not exist).
 */
import { isDailySummaryTime } from "../../src/domain/admin/owner-todo/daily-summary";
import { parisDay } from "../../src/domain/paris-time";
import { isConditionFailure } from "../platform/db/errors";
import type { Deps } from "../platform/deps";
import { getSettings } from "../settings/service";
import { dailySummaryEntity } from "./daily-summary-entity";
import { dailySummaryMail } from "./daily-summary-mail";
import { currentOwnerTodo } from "./owner-todo";

const KEEP_DAYS = 60;

export type DailySummaryOutcome =
  /** Before 8:00 Paris: the run waits for the next one. */
  "too_early" | "disabled" | "no_address" | "already_done" | "nothing_to_do" | "sent";

/** A run that claimed the day and died before finishing (a Lambda timeout) no longer holds it after this. */
const STALE_CLAIM_MS = 15 * 60_000;

/** Takes over a claim left "sending" by a dead run, conditioned on that claim: two runs cannot both take it over. */
async function claimDay(deps: Pick<Deps, "db">, day: string, now: Date): Promise<boolean> {
  const entity = dailySummaryEntity(deps.db);
  try {
    await entity
      .create({
        day,
        claimed_at: now.toISOString(),
        outcome: "sending",
        expires_at_ttl: Math.floor(now.getTime() / 1000) + KEEP_DAYS * 86_400,
      })
      .go();
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data } = await entity.get({ day }).go({ consistent: true });
  if (data?.outcome !== "sending" || now.getTime() - Date.parse(data.claimed_at) < STALE_CLAIM_MS)
    return false;
  try {
    await entity
      .patch({ day })
      .set({ claimed_at: now.toISOString() })
      .where(
        ({ outcome, claimed_at }, { eq }) =>
          `${eq(outcome, "sending")} AND ${eq(claimed_at, data.claimed_at)}`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function runDailySummary(
  deps: Pick<Deps, "db" | "clock" | "mailer" | "siteUrl" | "settingsCacheMs">,
): Promise<{ outcome: DailySummaryOutcome; day: string; items?: number }> {
  const now = deps.clock();
  const day = parisDay(now);
  if (!isDailySummaryTime(now)) return { outcome: "too_early", day };
  const { daily_summary, company_info } = await getSettings(deps, ["daily_summary", "company_info"]);
  if (!daily_summary.enabled) return { outcome: "disabled", day };
  if (!company_info.email) return { outcome: "no_address", day };

  const entity = dailySummaryEntity(deps.db);
  if (!(await claimDay(deps, day, now))) return { outcome: "already_done", day };

  let mailed = false;
  try {
    const todo = await currentOwnerTodo(deps);
    if (todo.count === 0) {
      await entity.patch({ day }).set({ outcome: "nothing", items: 0 }).go();
      return { outcome: "nothing_to_do", day, items: 0 };
    }
    await deps.mailer.send(
      dailySummaryMail(todo, { to: company_info.email, shopName: company_info.name, siteUrl: deps.siteUrl }),
    );
    mailed = true;
    await entity
      .patch({ day })
      .set({
        outcome: "sent",
        items: todo.count,
        to: company_info.email,
        sent_at: deps.clock().toISOString(),
      })
      .go();
    return { outcome: "sent", day, items: todo.count };
  } catch (error) {
    // Nothing went out: give the day back, so the scheduler's retry sends it. Once the mail is out, never.
    if (!mailed)
      await entity
        .delete({ day })
        .where(({ outcome }, { eq }) => eq(outcome, "sending"))
        .go()
        .catch(() => undefined);
    throw error;
  }
}
