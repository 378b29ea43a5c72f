import { useEffect, useState } from "react";
import { formatDateTime } from "../../../domain/admin/admin-format";
import type { PublishStatus } from "../../../domain/publishing/publishing";
import { errorMessage } from "../../../lib/api-client";
import { fetchPublishing, retryPublishing } from "../../ui/admin/admin-api";
import { useAccessGuard } from "../../ui/admin/hooks";
import { Badge, smallButton, type Tone } from "../../ui/admin/ui";

const TONES: Record<PublishStatus["state"], Tone> = {
  up_to_date: "success",
  pending: "waiting",
  publishing: "progress",
  failed: "danger",
};

/** How often the dashboard asks again while a publish is waiting or running. */
const POLL_MS = 4000;

/**
 * The prebuilt site's publishing state on the dashboard: 'Site à jour', 'Publication en cours…', or
 * 'Échec de la publication : …' with a button that tries again. Asked again every few seconds until it settles.
 */
export function PublishingStatus() {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const guard = useAccessGuard();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks again
  useEffect(() => {
    const controller = new AbortController();
    let timer: number | undefined;
    fetchPublishing(controller.signal)
      .then((next) => {
        setStatus(next);
        setError(null);
        if (next.state === "pending" || next.state === "publishing")
          timer = window.setTimeout(() => setAttempt((n) => n + 1), POLL_MS);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted || guard(failure)) return;
        setError(errorMessage(failure, "État de la publication indisponible."));
      });
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [attempt, guard]);

  async function retry() {
    setRetrying(true);
    try {
      setStatus(await retryPublishing());
      setAttempt((n) => n + 1);
    } catch (failure) {
      if (!guard(failure)) setError(errorMessage(failure, "Une erreur est survenue"));
    } finally {
      setRetrying(false);
    }
  }

  if (!status && !error) return null;
  return (
    <section
      id="publication-du-site"
      aria-label="Publication du site"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-cream-300 bg-white px-5 py-4 shadow-sm"
    >
      <div role="status" className="text-sm">
        <span className="mr-2 font-semibold text-ink">Site de la boutique :</span>
        {status && (
          <Badge tone={TONES[status.state]}>
            {status.state === "failed" ? "Échec de la publication" : status.label}
          </Badge>
        )}
        {status?.state === "failed" && status.error && <p className="mt-2 text-alert">{status.error}</p>}
        {status?.published_at && status.state !== "failed" && (
          <span className="ml-2 text-ink-soft">
            Dernière publication : {formatDateTime(status.published_at)}
          </span>
        )}
        {error && <p className="mt-2 text-alert">{error}</p>}
      </div>
      {status?.state === "failed" && (
        <button type="button" className={smallButton} disabled={retrying} onClick={retry}>
          {retrying ? "Relance…" : "Relancer la publication"}
        </button>
      )}
    </section>
  );
}
