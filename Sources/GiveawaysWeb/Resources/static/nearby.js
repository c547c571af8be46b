// Nearby: "Use my location", Load more in place, a failed search that keeps what was shown, and the project's own
// small slippy map (Web Mercator tiles through this server, markers for the cards) that the list follows and that
// searches its area again once it settles. Without this script the list works with links and forms.
(() => {
  const root = document.querySelector("[data-nearby]");
  if (!root) return;
  const note = document.querySelector("[data-locate-note]");
  const locate = document.querySelector("[data-locate]");
  const tell = (text) => { note.textContent = text; note.hidden = false; };
  const withArea = (href, changes) => {
    const url = new URL(href, location.href);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) url.searchParams.delete(name); else url.searchParams.set(name, value);
    }
    // `ll=52.52,13.4` as the server writes it, not `52.52%2C13.4`.
    return url.pathname + url.search.replace(/%2C/g, ",");
  };

  // The browser's location is asked only when the visitor presses the button; a refusal says so.
  if (locate && navigator.geolocation) {
    locate.hidden = false;
    locate.addEventListener("click", () => {
      tell(note.dataset.locating);
      navigator.geolocation.getCurrentPosition((position) => {
        const ll = position.coords.latitude.toFixed(5) + "," + position.coords.longitude.toFixed(5);
        location.assign(withArea(location.href, { ll, z: "14", near: null, cursor: null }));
      }, (error) => tell(error.code === 1 ? note.dataset.denied : note.dataset.unavailable),
      { timeout: 15000, maximumAge: 60000 });
    });
  }

  let results = root.querySelector("[data-results]");
  const cards = () => Array.from(root.querySelectorAll(".place-card[data-place-id]"));
  let controller;
  let onResults = () => {};

  // A search (replace) or the next page (append), fetched as the results fragment. Skeleton cards show meanwhile;
  // a failure keeps every card already shown and says why, with Retry.
  const load = async (path, append) => {
    controller?.abort();
    controller = new AbortController();
    results.querySelector(".js-notice")?.remove();
    const list = results.querySelector("[data-place-list]");
    const live = results.querySelector("[data-live]");
    const more = list?.querySelector(".place-list__more");
    const skeletons = [0, 1, 2].map(() => {
      const item = document.createElement("li");
      item.className = "card place-card place-card--skeleton";
      item.setAttribute("aria-hidden", "true");
      if (list) list.insertBefore(item, append ? more : list.firstChild);
      return item;
    });
    if (append) more?.remove();
    results.setAttribute("aria-busy", "true");
    live.textContent = live.dataset.loadingText;
    try {
      const response = await fetch(path, { headers: { "X-Fragment": "results" }, signal: controller.signal });
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("[data-results]");
      if (!response.ok || !fresh) throw fresh?.querySelector("[data-state]") || new Error("HTTP " + response.status);
      if (append) {
        skeletons.forEach((item) => item.remove());
        const added = Array.from(fresh.querySelectorAll("[data-place-list] > li")).map((item) => list.appendChild(document.adoptNode(item)));
        added[0]?.setAttribute("tabindex", "-1");
        added[0]?.focus({ preventScroll: true });
      } else {
        const adopted = document.adoptNode(fresh);
        results.replaceWith(adopted);
        results = adopted;
      }
      onResults();
    } catch (error) {
      if (error.name === "AbortError") return;
      skeletons.forEach((item) => item.remove());
      if (append && more) list.appendChild(more);
      const notice = error instanceof Element ? document.adoptNode(error) : document.createElement("div");
      if (!(error instanceof Element)) {
        notice.className = "nearby-state nearby-state--error";
        notice.setAttribute("role", "alert");
        notice.textContent = root.dataset.failed + " ";
        const retry = document.createElement("a");
        retry.className = "button";
        retry.dataset.retry = "";
        retry.textContent = root.dataset.retryText;
        notice.appendChild(retry);
      }
      notice.classList.add("js-notice");
      notice.querySelector("[data-retry]")?.setAttribute("href", path);
      notice.querySelector("[data-retry]")?.setAttribute("data-append", append ? "1" : "");
      const source = results.querySelector(".nearby__source");
      results.insertBefore(notice, source ? source.nextSibling : results.querySelector("h2").nextSibling);
    } finally {
      results.removeAttribute("aria-busy");
      live.textContent = "";
    }
  };

  root.addEventListener("click", (event) => {
    const target = event.target.closest("a[data-nearby-more], .js-notice a[data-retry]");
    if (!target) return;
    event.preventDefault();
    load(target.getAttribute("href"), target.matches("[data-nearby-more]") || target.dataset.append === "1");
  });

  const map = root.querySelector("[data-map]");
  if (!map) return;
  const tiles = map.querySelector("[data-tiles]");
  const layer = map.querySelector("[data-markers]");
  const auto = root.querySelector("[data-auto-search]");
  const searchArea = root.querySelector("[data-search-area]");
  const SIZE = 256;
  const world = (z) => SIZE * 2 ** z;
  const project = (lat, lon, z) => {
    const sin = Math.sin(lat * Math.PI / 180);
    return [(lon + 180) / 360 * world(z), (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world(z)];
  };
  const unproject = (x, y, z) => {
    const n = Math.PI - 2 * Math.PI * y / world(z);
    return [180 / Math.PI * Math.atan(Math.sinh(n)), x / world(z) * 360 - 180];
  };
  let zoom = Number(root.dataset.zoom);
  let center = project(...root.dataset.center.split(",").map(Number), zoom);
  const shown = new Map();
  // As in the seed: a search or a camera move pauses list-follows-map until a card is pressed.
  const query = new URLSearchParams(location.search);
  let following = !query.get("q") && !query.get("near");
  let settle;

  const draw = () => {
    center[1] = Math.min(Math.max(center[1], 0), world(zoom));
    const width = map.clientWidth;
    const height = map.clientHeight;
    const count = 2 ** zoom;
    const left = center[0] - width / 2;
    const top = center[1] - height / 2;
    const wanted = new Set();
    for (let y = Math.max(0, Math.floor(top / SIZE)); y <= Math.min(count - 1, Math.floor((top + height) / SIZE)); y++) {
      for (let x = Math.floor(left / SIZE); x <= Math.floor((left + width) / SIZE); x++) {
        const key = zoom + "/" + x + "/" + y;
        wanted.add(key);
        let tile = shown.get(key);
        if (!tile) {
          tile = new Image(SIZE, SIZE);
          tile.alt = "";
          tile.draggable = false;
          // A tile that cannot be had (offline, not kept) leaves the plain ground, not a broken image.
          tile.onerror = () => { tile.style.visibility = "hidden"; };
          tile.src = root.dataset.tiles + zoom + "/" + (((x % count) + count) % count) + "/" + y + ".png";
          tiles.appendChild(tile);
          shown.set(key, tile);
        }
        tile.style.transform = `translate(${x * SIZE - left}px, ${y * SIZE - top}px)`;
      }
    }
    for (const [key, tile] of shown) if (!wanted.has(key)) { tile.remove(); shown.delete(key); }
    for (const marker of layer.children) {
      const [x, y] = project(Number(marker.dataset.lat), Number(marker.dataset.lon), zoom);
      marker.style.transform = `translate(${x - left}px, ${y - top}px)`;
    }
  };

  const markers = () => {
    layer.textContent = "";
    for (const card of cards()) {
      const marker = document.createElement("button");
      marker.type = "button";
      marker.className = "marker";
      Object.assign(marker.dataset, { placeId: card.dataset.placeId, lat: card.dataset.lat, lon: card.dataset.lon });
      marker.setAttribute("aria-label", card.querySelector("h3").textContent);
      layer.appendChild(marker);
    }
    draw();
  };
  onResults = markers;

  const select = (id) => {
    root.querySelectorAll(".is-selected").forEach((element) => element.classList.remove("is-selected"));
    root.querySelectorAll(".place-card, .marker").forEach((element) => {
      if (element.dataset.placeId === id) element.classList.add("is-selected");
    });
  };
  const centreOn = (card) => {
    center = project(Number(card.dataset.lat), Number(card.dataset.lon), zoom);
    draw();
  };

  // The area the map shows, searched again: the URL, the view switch and the kinds keep it.
  const search = () => {
    searchArea.hidden = true;
    following = false;
    const [lat, lon] = unproject(center[0], center[1], zoom);
    const area = { ll: lat.toFixed(5) + "," + lon.toFixed(5), z: String(zoom), near: null, cursor: null };
    history.replaceState(null, "", withArea(location.href, { ...area, view: "map" }));
    document.querySelectorAll(".nearby-views a, .nearby-kinds a").forEach((link) => {
      link.setAttribute("href", withArea(link.getAttribute("href"), area));
    });
    const form = document.querySelector("[data-nearby-search]");
    for (const name of ["ll", "z"]) {
      let field = form.elements[name];
      if (!field) { field = Object.assign(document.createElement("input"), { type: "hidden", name }); form.appendChild(field); }
      field.value = area[name];
    }
    form.elements.near.value = "";
    load(withArea(location.href, {}), false);
  };
  const moved = () => {
    following = false;
    draw();
    clearTimeout(settle);
    settle = setTimeout(() => { if (auto.checked) search(); else searchArea.hidden = false; }, 600);
  };
  const zoomBy = (step, dx = 0, dy = 0) => {
    const next = Math.min(19, Math.max(3, zoom + step));
    if (next === zoom) return;
    const factor = 2 ** (next - zoom);
    center = [(center[0] + dx) * factor - dx, (center[1] + dy) * factor - dy];
    zoom = next;
    shown.forEach((tile) => tile.remove());
    shown.clear();
    moved();
  };

  // Drag with one pointer, pinch with two; the wheel and the keys (+, −, arrows) zoom and pan.
  const pointers = new Map();
  let pinch = 0;
  map.addEventListener("pointerdown", (event) => {
    if (event.target.closest(".marker")) return;
    map.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    pinch = 0;
  });
  map.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 1) {
      center = [center[0] - (event.clientX - last[0]), center[1] - (event.clientY - last[1])];
      moved();
      return;
    }
    const [a, b] = Array.from(pointers.values());
    const distance = Math.hypot(a[0] - b[0], a[1] - b[1]);
    if (!pinch) pinch = distance;
    else if (distance / pinch > 1.5 || distance / pinch < 0.67) { zoomBy(distance > pinch ? 1 : -1); pinch = distance; }
  });
  const release = (event) => { pointers.delete(event.pointerId); pinch = 0; };
  map.addEventListener("pointerup", release);
  map.addEventListener("pointercancel", release);
  let wheelAt = 0;
  map.addEventListener("wheel", (event) => {
    event.preventDefault();
    if (event.timeStamp - wheelAt < 300) return;
    wheelAt = event.timeStamp;
    const box = map.getBoundingClientRect();
    zoomBy(event.deltaY < 0 ? 1 : -1, event.clientX - box.left - box.width / 2, event.clientY - box.top - box.height / 2);
  }, { passive: false });
  const pans = { ArrowLeft: [-80, 0], ArrowRight: [80, 0], ArrowUp: [0, -80], ArrowDown: [0, 80] };
  map.addEventListener("keydown", (event) => {
    if (event.target !== map) return;
    if (event.key === "+" || event.key === "=") zoomBy(1);
    else if (event.key === "-" || event.key === "_") zoomBy(-1);
    else if (pans[event.key]) { center = [center[0] + pans[event.key][0], center[1] + pans[event.key][1]]; moved(); }
    else return;
    event.preventDefault();
  });
  root.querySelector("[data-zoom-in]").addEventListener("click", () => zoomBy(1));
  root.querySelector("[data-zoom-out]").addEventListener("click", () => zoomBy(-1));
  searchArea.addEventListener("click", search);
  addEventListener("resize", draw);

  // A marker scrolls the list to its card; a card (or its "Show on map") moves the map to its place.
  layer.addEventListener("click", (event) => {
    const marker = event.target.closest(".marker");
    if (!marker) return;
    select(marker.dataset.placeId);
    // The list's own scroll that follows must not pick another card as the one in its middle.
    quietUntil = performance.now() + 600;
    cards().find((card) => card.dataset.placeId === marker.dataset.placeId)?.scrollIntoView({ block: "nearest", inline: "center" });
  });
  root.addEventListener("click", (event) => {
    const card = event.target.closest(".place-card[data-place-id]");
    if (!card || (event.target.closest("a") && !event.target.closest("[data-show-on-map]"))) return;
    event.preventDefault();
    following = true;
    // The press wins over the list's scroll: a pick still pending from a scroll just before it (the browser brings
    // the pressed card into view) and the scroll that may follow must not centre the map on another card.
    clearTimeout(scrolled);
    quietUntil = performance.now() + 600;
    select(card.dataset.placeId);
    centreOn(card);
  });
  // Scrolling the list (the phone's row, the desktop's column) centres the map on the card in the middle of it.
  let scrolled;
  let quietUntil = 0;
  root.addEventListener("scroll", (event) => {
    const scroller = event.target;
    if (!(scroller instanceof Element) || !scroller.matches("[data-place-list], [data-results]")) return;
    clearTimeout(scrolled);
    scrolled = setTimeout(() => {
      if (!following || performance.now() < quietUntil) return;
      const box = scroller.getBoundingClientRect();
      const across = scroller.scrollWidth > scroller.clientWidth;
      const middle = across ? box.left + box.width / 2 : box.top + box.height / 2;
      let best, bestDistance = Infinity;
      for (const card of cards()) {
        const own = card.getBoundingClientRect();
        const distance = Math.abs((across ? own.left + own.width / 2 : own.top + own.height / 2) - middle);
        if (distance < bestDistance) { best = card; bestDistance = distance; }
      }
      if (best) { select(best.dataset.placeId); centreOn(best); }
    }, 150);
  }, true);
  markers();
})();
