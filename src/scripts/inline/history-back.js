/** Inlined at the end of the 404 page: its "back" button returns to the previous page, or home without one. */
(() => {
  for (const button of document.querySelectorAll("[data-history-back]")) {
    button.addEventListener("click", () => {
      if (window.history.length > 1) window.history.back();
      else window.location.assign("/");
    });
  }
})();
