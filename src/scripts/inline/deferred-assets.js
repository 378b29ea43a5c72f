/**
 * Inlined at the end of every page's <body> (BaseLayout): nothing but the HTML, with its critical CSS inlined, comes
 * before the first paint. The build (src/styles/critical-css.ts) turned the page's module scripts into
 * <template data-deferred-module data-src> placeholders and its stylesheet, manifest and icons into a
 * <template data-deferred-head>;
 * once the browser reports its first paint (a paint timing entry: real time, not a timer), this script puts those
 * links in <head> and the scripts in place. A tab opened in the background paints nothing: it starts after a
 * second anyway.
 */
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const template of document.querySelectorAll("template[data-deferred-head]")) {
      document.head.append(template.content.cloneNode(true));
    }
    for (const placeholder of document.querySelectorAll("template[data-deferred-module]")) {
      const script = document.createElement("script");
      script.type = "module";
      script.src = placeholder.dataset.src;
      placeholder.replaceWith(script);
    }
  };
  try {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 1000);
})();
