/** Inlined at the end of the offline page: "Réessayer" reloads, and so does the connection coming back. */
(() => {
  for (const button of document.querySelectorAll("[data-retry]")) {
    button.addEventListener("click", () => window.location.reload());
  }
  window.addEventListener("online", () => window.location.reload());
})();
