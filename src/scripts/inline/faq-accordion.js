/**
 * Inlined at the end of the FAQ page (faq.astro): one question open at a time, arrow keys, Home and End between the
 * questions (WAI-ARIA accordion pattern), and a link to /faq#question opens that question.
 */
(() => {
  const faq = document.querySelector("[data-faq]");
  if (!faq) return;
  const items = [...faq.querySelectorAll("details")];
  const summaries = items.map((item) => item.querySelector("summary")).filter((s) => s !== null);

  // One open at a time, also where <details name> is not supported.
  for (const item of items) {
    item.addEventListener("toggle", () => {
      if (!item.open) return;
      for (const other of items) if (other !== item && other.open) other.open = false;
    });
  }

  faq.addEventListener("keydown", (event) => {
    const index = summaries.indexOf(event.target);
    if (index < 0) return;
    const last = summaries.length - 1;
    const moves = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    summaries[target]?.focus();
  });

  const opened = location.hash ? items.find((item) => `#${item.id}` === location.hash) : undefined;
  if (opened) opened.open = true;
})();
