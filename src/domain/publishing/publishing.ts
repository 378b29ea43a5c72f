/**
 * Publishing the prebuilt site: an owner's edit marks the site stale, a publish rebuilds it from the API
 * and replaces it. This is the state the admin's dashboard shows. Pure: the services store the facts, this reads them.
 */

export interface PublishFacts {
  /** The last time something the pages print changed. */
  requested_at?: string | null;
  /** What changed last, in French ("Produit « Savon » modifié"). */
  reason?: string | null;
  /** The newest request a successful publish covered (it started after that request). */
  covered_at?: string | null;
  /** The running (or last) publish: when it started and the newest request it covers. */
  started_at?: string | null;
  started_covers?: string | null;
  /** When the last publish ended: well (published_at), or not (failed_at, with its reason). */
  published_at?: string | null;
  failed_at?: string | null;
  error?: string | null;
}

export type PublishState = "up_to_date" | "pending" | "publishing" | "failed";

export interface PublishStatus {
  state: PublishState;
  label: string;
  error: string | null;
  requested_at: string | null;
  published_at: string | null;
}

/** A publish that started this long ago without ending is considered dead (the builder crashed). */
export const PUBLISH_TIMEOUT_MS = 20 * 60_000;

const later = (a?: string | null, b?: string | null) => Boolean(a) && (!b || (a as string) > b);

export function publishStatus(facts: PublishFacts | null, now: Date): PublishStatus {
  const f = facts ?? {};
  const lastEnd = [f.published_at, f.failed_at].filter(Boolean).sort().at(-1);
  const running =
    later(f.started_at, lastEnd) && now.getTime() - Date.parse(f.started_at as string) < PUBLISH_TIMEOUT_MS;
  const stale = later(f.requested_at, f.covered_at);
  const failed = later(f.failed_at, f.published_at);
  const base = { requested_at: f.requested_at ?? null, published_at: f.published_at ?? null };
  if (running) return { ...base, state: "publishing", label: "Publication en cours…", error: null };
  if (stale && failed)
    return {
      ...base,
      state: "failed",
      label: `Échec de la publication : ${f.error}`,
      error: f.error ?? null,
    };
  if (stale) return { ...base, state: "pending", label: "Publication en attente…", error: null };
  return { ...base, state: "up_to_date", label: "Site à jour", error: null };
}
