import { describe, expect, it } from "vitest";
import { type PublishFacts, publishStatus } from "./publishing";

const now = new Date("2026-11-23T10:00:00.000Z");
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

describe("publishStatus", () => {
  it.each<[string, PublishFacts | null, string]>([
    ["nothing ever asked", null, "Site à jour"],
    ["an edit not yet published", { requested_at: at(-1) }, "Publication en attente…"],
    [
      "a publish running",
      { requested_at: at(-2), started_at: at(-1), started_covers: at(-2) },
      "Publication en cours…",
    ],
    [
      "published after the edit",
      { requested_at: at(-3), started_at: at(-2), covered_at: at(-3), published_at: at(-1) },
      "Site à jour",
    ],
    [
      "an edit during the publish",
      { requested_at: at(-1), started_at: at(-3), covered_at: at(-4), published_at: at(-2) },
      "Publication en attente…",
    ],
    [
      "the last publish failed",
      {
        requested_at: at(-3),
        started_at: at(-2),
        failed_at: at(-1),
        error: "La page /faq n'a pas pu être construite.",
      },
      "Échec de la publication : La page /faq n'a pas pu être construite.",
    ],
    [
      "a publish that never ended 30 minutes ago",
      { requested_at: at(-31), started_at: at(-30), started_covers: at(-31) },
      "Publication en attente…",
    ],
  ])("%s: %s", (_, facts, label) => {
    expect(publishStatus(facts, now).label).toBe(label);
  });

  it("shows a failure only while the site is stale: a later success clears it", () => {
    const status = publishStatus(
      {
        requested_at: at(-5),
        failed_at: at(-4),
        error: "x",
        started_at: at(-3),
        covered_at: at(-5),
        published_at: at(-2),
      },
      now,
    );
    expect(status).toMatchObject({ state: "up_to_date", error: null, published_at: at(-2) });
  });
});
