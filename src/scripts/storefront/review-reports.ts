/**
 * « Signaler cet avis » on the prebuilt product pages: the form's code (review-report.ts, with the API client) loads
 * only when a report is opened or sent, so the page's script before interaction stays within its budget.
 */
import { REPORT_FAILED } from "../../lib/review-report-view";

type ReportModule = typeof import("./review-report");
let loading: Promise<ReportModule> | undefined;
const load = () => {
  loading ??= import("./review-report");
  return loading;
};

// Capture: "toggle" does not bubble.
document.addEventListener(
  "toggle",
  (event) => {
    const details = event.target;
    if (details instanceof HTMLDetailsElement && details.open && details.matches("[data-review-report]"))
      load().then(
        (report) => report.opened(details),
        () => undefined,
      );
  },
  true,
);

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.matches("[data-review-report-form]")) return;
  event.preventDefault();
  load().then(
    (report) => report.send(form),
    () => {
      const status = form.querySelector("[data-report-status]");
      if (status) status.textContent = REPORT_FAILED;
    },
  );
});
