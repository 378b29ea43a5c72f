import { useEffect, useState } from "react";
import { dayLabelsFailureMessage } from "../../../domain/shipping/admin-labels";
import { dayLabelsUrl } from "../../../lib/api/day-labels";
import { ApiError } from "../../../lib/api-client";
import { useAccessGuard } from "../../ui/admin/hooks";
import { linkClass, smallButton } from "../../ui/admin/ui";

/**
 * « Imprimer les étiquettes du jour »: every label bought today (Paris), one PDF in a new tab. Asked for first, so that
 * a day without labels says so here in French instead of opening the API's answer: the PDF then opens in a new tab
 * (still within the click's user activation), or, where the browser blocks that, a link to it is offered.
 */
export function DayLabelsButton() {
  const [state, setState] = useState<
    | { step: "idle" }
    | { step: "loading" }
    | { step: "blocked"; url: string }
    | { step: "none"; message: string }
  >({ step: "idle" });
  const guard = useAccessGuard();
  useEffect(
    () => () => {
      if (state.step === "blocked") URL.revokeObjectURL(state.url);
    },
    [state],
  );

  async function print() {
    setState({ step: "loading" });
    try {
      const response = await fetch(dayLabelsUrl(new Date()), { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
        const failure = new ApiError(body.error ?? "", response.status, body.code);
        if (guard(failure)) return setState({ step: "idle" });
        return setState({ step: "none", message: dayLabelsFailureMessage(failure) });
      }
      const url = URL.createObjectURL(await response.blob());
      // Without "noopener", which would make window.open answer null whether or not the tab opened: the tab shows our
      // own PDF (a blob: address of this origin), nothing that could misuse the opener.
      if (window.open(url, "_blank")) {
        setState({ step: "idle" });
        // The new tab has read it by then; the address is not kept alive for nothing.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else setState({ step: "blocked", url });
    } catch {
      setState({ step: "none", message: dayLabelsFailureMessage({ status: 0, message: "" }) });
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className={smallButton}
        disabled={state.step === "loading"}
        onClick={() => void print()}
      >
        {state.step === "loading" ? "Préparation des étiquettes…" : "Imprimer les étiquettes du jour"}
        <span className="sr-only"> (PDF, nouvel onglet)</span>
      </button>
      <p role="status" className="text-sm text-ink-soft">
        {state.step === "none" && state.message}
        {state.step === "blocked" && (
          <a className={linkClass} href={state.url} target="_blank" rel="noopener">
            Ouvrir le PDF des étiquettes du jour
          </a>
        )}
      </p>
    </div>
  );
}
