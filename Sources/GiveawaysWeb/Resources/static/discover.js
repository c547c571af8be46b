// GameGiveaways, Discover only (after app.js, whose "Load more" it presses): infinite scroll.
(() => {
  "use strict";

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
