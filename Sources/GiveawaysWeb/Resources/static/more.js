// GameGiveaways, More only (after app.js): the featured carousel. Without this file it is a plain scroll row.
(() => {
  "use strict";

  // The featured carousel: cards rotate, scale and fade around the centre one.
  document.querySelectorAll("[data-carousel]").forEach((carousel) => {
    const items = Array.from(carousel.querySelectorAll(".carousel__item"));
    if (items.length === 0) return;
    const position = carousel.querySelector("[data-carousel-position]");
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    let index = 0;
    let dragStart = null;
    let dragOffset = 0;
    carousel.classList.add("is-enhanced");

    const layout = () => {
      const width = items[0].offsetWidth || 300;
      items.forEach((item, i) => {
        // Offsets wrap around so that cards sit on both sides of the centre one.
        let offset = i - index;
        if (items.length > 2) {
          offset = ((offset % items.length) + items.length) % items.length;
          if (offset > items.length / 2) offset -= items.length;
        }
        offset += dragOffset / width;
        const distance = Math.abs(offset);
        const step = reduced.matches ? 1.08 : 0.62;
        const x = offset * width * step;
        const scale = Math.max(0.6, 1 - distance * 0.16);
        const rotateY = reduced.matches ? 0 : Math.max(-50, Math.min(50, -offset * 28));
        const rotateZ = reduced.matches ? 0 : Math.max(-6, Math.min(6, offset * 2.5));
        item.style.transform = `translateX(${x}px) translateZ(${-distance * 120}px) rotateY(${rotateY}deg) rotateZ(${rotateZ}deg) scale(${scale})`;
        item.style.opacity = String(distance > 2.6 ? 0 : Math.max(0, 1 - distance * 0.32));
        item.style.zIndex = String(100 - Math.round(distance * 10));
        const current = Math.round(offset) === 0;
        item.setAttribute("aria-hidden", String(!current));
        item.querySelector("a").tabIndex = current ? 0 : -1;
      });
      if (position) position.textContent = String(index + 1);
      carousel.dataset.index = String(index);
    };
    const go = (next) => { index = (next + items.length) % items.length; dragOffset = 0; layout(); };

    carousel.querySelector("[data-carousel-prev]").addEventListener("click", () => go(index - 1));
    carousel.querySelector("[data-carousel-next]").addEventListener("click", () => go(index + 1));
    // Arrow keys, Home and End, on the carousel or on its current card; a focused card hands focus to the new
    // current one (the old one is hidden from assistive technology at once).
    const keys = { ArrowLeft: () => index - 1, ArrowRight: () => index + 1, Home: () => 0, End: () => items.length - 1 };
    carousel.addEventListener("keydown", (event) => {
      const target = keys[event.key];
      if (!target || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      const onCard = event.target.closest(".carousel__item") !== null;
      go(target());
      if (onCard) items[index].querySelector("a").focus({ preventScroll: true });
    });
    const track = carousel.querySelector(".carousel__track");
    track.addEventListener("pointerdown", (event) => {
      dragStart = event.clientX;
      carousel.classList.add("is-dragging");
    });
    window.addEventListener("pointermove", (event) => {
      if (dragStart === null) return;
      dragOffset = event.clientX - dragStart;
      layout();
    });
    const endDrag = () => {
      if (dragStart === null) return;
      const width = items[0].offsetWidth || 300;
      const moved = Math.round(-dragOffset / (width * 0.45));
      carousel.classList.remove("is-dragging");
      dragStart = null;
      if (moved !== 0) {
        carousel.dataset.dragged = "1";
        go(index + Math.max(-3, Math.min(3, moved)));
      } else {
        dragOffset = 0;
        layout();
      }
    };
    window.addEventListener("pointerup", endDrag);
    window.addEventListener("pointercancel", endDrag);
    track.addEventListener("click", (event) => {
      if (carousel.dataset.dragged) { event.preventDefault(); delete carousel.dataset.dragged; }
    }, true);
    track.addEventListener("dragstart", (event) => event.preventDefault());
    window.addEventListener("resize", layout);
    reduced.addEventListener?.("change", layout);
    layout();
  });
})();
