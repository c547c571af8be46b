// GameGiveaways, Games and Discover only (after app.js, whose "Load more" it presses): infinite scroll, and a kept
// game's page kept for offline.
(() => {
  "use strict";

  // A heart that keeps a game: the service worker keeps the game's page now, whether or not it was opened, so
  // Favorites and the game open offline. (app.js sends the heart itself.)
  document.addEventListener("submit", (event) => {
    const action = event.target.getAttribute("action") || "";
    const game = action.match(/^(\/discover\/games\/[0-9]+)\/favorite$/);
    if (game && event.submitter?.value === "1") navigator.serviceWorker?.controller?.postMessage({ keep: game[1] });
  });

  // Infinite scroll (Discover): the "Next page" link loads itself when it scrolls into view.
  if ("IntersectionObserver" in window) {
    const observer = new IntersectionObserver((entries) => {
      entries.forEach((entry) => {
        if (entry.isIntersecting && entry.target.getAttribute("aria-disabled") !== "true") entry.target.click();
      });
    }, { rootMargin: "400px" });
    const watch = () => document.querySelectorAll("a[data-infinite]").forEach((link) => observer.observe(link));
    watch();
    new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
  }
})();
