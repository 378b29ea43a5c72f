/** « Signaler cet avis »: focus into the opened form, Escape to close it, the report sent and its answer announced. */
import type { REPORT_REASONS } from "../../domain/reviews/review-schemas";
import { api, unwrap } from "../../lib/api/client";
import { ApiError } from "../../lib/api-client";
import { REPORT_CHOOSE, REPORT_SENDING, REPORT_SUBMIT, reportOutcome } from "../../lib/review-report-view";
import { setText } from "./dom";

const handled = new WeakSet<HTMLDetailsElement>();
const busy = new WeakSet<HTMLFormElement>();

const firstReason = (root: ParentNode) =>
  root.querySelector<HTMLInputElement>('input[name="reason"]:checked') ??
  root.querySelector<HTMLInputElement>('input[name="reason"]');

export function opened(details: HTMLDetailsElement): void {
  const form = details.querySelector("form");
  if (!form) return;
  if (!handled.has(details)) {
    handled.add(details);
    details.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector("summary")?.focus();
    });
  }
  const fields = form.querySelector<HTMLFieldSetElement>("[data-report-fields]");
  if (fields?.hidden) form.querySelector<HTMLElement>("[data-report-status]")?.focus();
  else firstReason(form)?.focus();
}

export async function send(form: HTMLFormElement): Promise<void> {
  if (busy.has(form)) return;
  const id = form.dataset.reviewReportForm;
  const status = form.querySelector<HTMLElement>("[data-report-status]");
  const submit = form.querySelector<HTMLButtonElement>("[data-report-submit]");
  const chosen = form.querySelector<HTMLInputElement>('input[name="reason"]:checked');
  if (!id || !chosen) {
    setText(status, REPORT_CHOOSE);
    firstReason(form)?.focus();
    return;
  }
  busy.add(form);
  submit?.setAttribute("aria-disabled", "true");
  setText(submit, REPORT_SENDING);
  let outcome: { ok: boolean; message: string };
  try {
    await unwrap(
      api.POST("/api/reviews/published/{id}/reports", {
        params: { path: { id } },
        body: { reason: chosen.value as keyof typeof REPORT_REASONS },
      }),
    );
    outcome = reportOutcome(204);
  } catch (error) {
    outcome =
      error instanceof ApiError
        ? reportOutcome(error.status, error.status === 429 ? error.message : "")
        : reportOutcome(0);
  }
  busy.delete(form);
  submit?.setAttribute("aria-disabled", "false");
  setText(submit, REPORT_SUBMIT);
  setText(status, outcome.message);
  if (outcome.ok) {
    const fields = form.querySelector<HTMLFieldSetElement>("[data-report-fields]");
    if (fields) fields.hidden = true;
    status?.focus();
  }
}
