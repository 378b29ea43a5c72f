/**
 * « Signaler cet avis » on the prebuilt product pages: the form's code (review-report.ts, with the API client) loads
 * only when a report is opened or sent. Bundled with the buy box's script, whose list of lazy chunks it shares: a
 * loader of its own would cost the page more than its script budget leaves.
 */
let loading: Promise<typeof import("./review-report")> | undefined;
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
      const status = form.querySelector<HTMLElement>("[data-report-status]");
      if (status) status.textContent = status.dataset.failed ?? "";
    },
  );
});
