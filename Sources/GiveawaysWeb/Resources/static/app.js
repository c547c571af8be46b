// GameGiveaways: progressive enhancement only. Every feature works without this file.
(() => {
  "use strict";
  document.documentElement.classList.add("js");

  // The service worker: pages seen before open offline. After this browser switched profiles (a linked
  // device), the copies of the last profile's pages are dropped.
  // Registered once the page has loaded, so that installing it (fetching the shell) never competes with the page.
  if ("serviceWorker" in navigator) {
    const register = () => navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* the app works without it */ });
    if (document.readyState === "complete") register(); else window.addEventListener("load", register, { once: true });
    if (document.querySelector("[data-forget-offline-pages]")) {
      navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage("forget-pages"));
    }
  }

  // Local time. The server writes every time as <time datetime="…Z" data-t> with a UTC text in the page's
  // language; this rewrites it in the visitor's own time zone, with the names, patterns and phrases of #time-strings:
  //   data-t="ends": "Ends in 40 minutes", "Ends today, 23:30", "Ends tomorrow, 09:00", "Ends Tue 14:00" (a week),
  //                  "Ends in 12 days", "Ended 3 days ago" — days counted on the visitor's calendar;
  //   data-t="date": a date and time ("Tue 1 Apr 2026, 11:00"); data-t="day": a date only, kept in UTC
  //                  (a release day must not move to the day before west of Greenwich).
  // Written with Date's own fields, not Intl: the first Intl formatter in a page loads the locale data (~25 ms of
  // a first visit, before DOMContentLoaded). Intl is used only for the tooltip (the full date with the zone's name),
  // made when a time is first pointed at or focused. Cards inserted later (live search, Load more) are rewritten
  // too, and countdowns every minute.
  const timeStrings = (() => {
    try { return JSON.parse(document.getElementById("time-strings")?.textContent || "null"); } catch { return null; }
  })();
  if (timeStrings && Array.isArray(timeStrings.weekdays) && Array.isArray(timeStrings.months)) {
    const lang = document.documentElement.lang || "en";
    const fill = (text, values) => text.replace(/\{(\w+)\}/g, (match, key) => (key in values ? values[key] : match));
    const two = (n) => (n < 10 ? "0" : "") + n;
    const number = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, timeStrings.group || ",");
    const clock = (date) => two(date.getHours()) + ":" + two(date.getMinutes());
    const weekday = (date) => timeStrings.weekdays[date.getDay()];
    const fullDate = (date) => fill(timeStrings.dateTime, {
      weekday: weekday(date), day: date.getDate(), month: timeStrings.months[date.getMonth()], year: date.getFullYear(), time: clock(date),
    });
    const dayOnly = (date) => fill(timeStrings.day, { day: date.getUTCDate(), month: timeStrings.months[date.getUTCMonth()], year: date.getUTCFullYear() });
    // The catalogue's plurals have two forms, as its languages do: "1 day", "{n} days".
    const span = (forms, unit, n) => fill(n === 1 ? forms[unit].one : forms[unit].other, { n: number(n) });
    // A day's number on the visitor's calendar: its local date counted as a UTC date, so daylight-saving days of
    // 23 or 25 hours (and zones like UTC+12/+13) never bend the difference.
    const dayNumber = (date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86400000;
    const endsText = (end, now) => {
      const seconds = (end - now) / 1000;
      if (seconds <= 0) {
        const ago = -seconds;
        const [unit, n] = ago >= 86400 ? ["day", Math.floor(ago / 86400)] : ago >= 3600 ? ["hour", Math.floor(ago / 3600)] : ["minute", Math.max(1, Math.floor(ago / 60))];
        return fill(timeStrings.endedAgo, { span: span(timeStrings.spanAgo, unit, n) });
      }
      if (seconds < 3600) return fill(timeStrings.endsIn, { span: span(timeStrings.spanIn, "minute", Math.ceil(seconds / 60)) });
      const days = dayNumber(end) - dayNumber(now);
      if (days === 0) return fill(timeStrings.endsToday, { time: clock(end) });
      if (days === 1) return fill(timeStrings.endsTomorrow, { time: clock(end) });
      if (days < 7) return fill(timeStrings.endsOn, { day: weekday(end), time: clock(end) });
      return fill(timeStrings.endsIn, { span: span(timeStrings.spanIn, "day", days) });
    };
    const rewrite = (root) => {
      const now = new Date();
      const times = root.matches?.("time[data-t][datetime]") ? [root] : root.querySelectorAll("time[data-t][datetime]");
      times.forEach((element) => {
        const when = new Date(element.getAttribute("datetime"));
        if (Number.isNaN(when.getTime())) return;
        const kind = element.dataset.t;
        const text = kind === "ends" ? endsText(when, now) : kind === "day" ? dayOnly(when) : fullDate(when);
        if (element.textContent !== text) element.textContent = text;
      });
    };
    rewrite(document);
    // Only what was added: Load more appends card by card, so the whole list is never redone per card.
    new MutationObserver((changes) => {
      changes.forEach((change) => change.addedNodes.forEach((node) => { if (node.nodeType === Node.ELEMENT_NODE) rewrite(node); }));
    }).observe(document.body, { childList: true, subtree: true });
    setInterval(() => rewrite(document), 60000);
    // The tooltip: the full local date with the zone's name ("Wednesday 1 April 2026, 11:00 CEST").
    let zoned = null;
    const explain = (event) => {
      const element = event.target.closest?.("time[data-t][datetime]");
      if (!element || element.title || element.dataset.t === "day" || !window.Intl) return;
      const when = new Date(element.getAttribute("datetime"));
      if (Number.isNaN(when.getTime())) return;
      zoned ||= new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" });
      element.title = zoned.format(when);
    };
    document.addEventListener("pointerover", explain, { passive: true });
    document.addEventListener("focusin", explain);
  }

  // A short notice when something done in the background fails (gone after 2 seconds; announced politely).
  const notify = (message) => {
    let box = document.getElementById("toast");
    if (!box) {
      box = document.createElement("div");
      box.id = "toast";
      box.className = "toast";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.appendChild(box);
    }
    box.textContent = message;
    box.classList.add("is-visible");
    clearTimeout(box.timer);
    box.timer = setTimeout(() => box.classList.remove("is-visible"), 2000);
  };
  const offline = (error) => error instanceof TypeError;  // fetch could not reach the server at all

  // The page's own language: the texts this script shows, from the page (English when missing).
  const ui = (() => {
    try { return JSON.parse(document.getElementById("ui-strings")?.textContent || "{}"); } catch { return {}; }
  })();
  const say = (key, english) => ui[key] || english;
  const heartLabel = (favorite, title) =>
    say(favorite ? "removeFavorite" : "addFavorite", favorite ? "Remove {title} from favorites" : "Add {title} to favorites").split("{title}").join(title);
  // The giveaway's title inside a heart's label, whichever of the two labels it carries.
  const titleOf = (label) => {
    for (const favorite of [true, false]) {
      const [before, after] = heartLabel(favorite, "\u0000").split("\u0000");
      if (label.startsWith(before) && label.endsWith(after)) return label.slice(before.length, label.length - after.length);
    }
    return label;
  };

  // Live search: debounced (300 ms), fetches only the results fragment, keeps the URL shareable.
  const form = document.querySelector("form[data-live-search]");
  const results = document.getElementById("results");
  if (form && results) {
    const input = form.querySelector("input[name=q]");
    const sort = form.querySelector("select[name=sort]");
    let timer = 0;
    let controller = null;
    const base = form.getAttribute("action") || "/";
    const defaultSort = form.dataset.defaultSort || "date";
    const url = () => {
      const params = new URLSearchParams();
      for (const [key, value] of new FormData(form)) {
        const text = String(value).trim();
        if (text && !(key === "sort" && text === defaultSort)) params.set(key, text);
      }
      const query = params.toString();
      return query ? base + "?" + query : base;
    };
    const refresh = async () => {
      const target = url();
      if (controller) controller.abort();
      controller = new AbortController();
      results.setAttribute("aria-busy", "true");
      try {
        const response = await fetch(target, { headers: { "X-Fragment": "results" }, signal: controller.signal });
        if (!response.ok) { window.location.href = target; return; }
        results.innerHTML = await response.text();
        history.replaceState(null, "", target);
      } catch (error) {
        if (error.name !== "AbortError") window.location.href = target;
      } finally {
        results.removeAttribute("aria-busy");
      }
    };
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(refresh, 300); });

    // Suggestions (the catalog): up to 5 titles in the input's <datalist>, fetched as you type.
    const suggest = form.dataset.suggest;
    const list = input.list;
    if (suggest && list) {
      let suggestTimer = 0;
      let suggestController = null;
      input.addEventListener("input", () => {
        clearTimeout(suggestTimer);
        suggestTimer = setTimeout(async () => {
          const text = input.value.trim();
          if (suggestController) suggestController.abort();
          if (!text) { list.replaceChildren(); return; }
          suggestController = new AbortController();
          try {
            const response = await fetch(suggest.split("?")[0] + "?q=" + encodeURIComponent(text), { signal: suggestController.signal });
            if (!response.ok) return;
            const items = await response.json();
            list.replaceChildren(...items.map((item) => { const option = document.createElement("option"); option.value = item.title; return option; }));
          } catch (error) { /* suggestions are a nicety: the search itself still works */ }
        }, 150);
      });
    }
    sort.addEventListener("change", () => { clearTimeout(timer); refresh(); });
    form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); refresh(); });
  }

  // Load more: append the next page's items in place and keep the position in the URL (a reload shows the same
  // list). Without this script the link loads the longer list itself.
  document.addEventListener("click", async (event) => {
    const link = event.target.closest("a[data-load-more]");
    if (!link) return;
    const list = document.querySelector("[data-list]");
    if (!list) return;
    event.preventDefault();
    const target = link.getAttribute("href").split("#")[0];
    link.setAttribute("aria-disabled", "true");
    try {
      const response = await fetch(target, { headers: { "X-Fragment": "results" }, credentials: "same-origin" });
      if (!response.ok) throw new Error("HTTP " + response.status);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const items = page.querySelector("[data-list]");
      // A list that holds pages up to N (Favorites, the catalog) gets the items past those shown; a list of
      // single pages (Discover) gets the whole next page.
      const shown = list.hasAttribute("data-append-all") ? 0 : list.children.length;
      const added = Array.from(items ? items.children : []).slice(shown);
      added.forEach((item) => list.appendChild(document.adoptNode(item)));
      const nav = link.closest(".load-more");
      const next = page.querySelector(".load-more");
      if (next) nav.replaceWith(document.adoptNode(next)); else nav.remove();
      history.replaceState(null, "", target);
      if (added[0]) { added[0].setAttribute("tabindex", "-1"); added[0].focus({ preventScroll: true }); }
    } catch (error) {
      if (offline(error)) { link.removeAttribute("aria-disabled"); notify(say("loadMoreUnreachable", "Could not load more — you seem to be offline.")); return; }
      window.location.href = link.href;
    }
  });

  // Hearts, "Claimed" and "Not interested": toggled in the background, every copy on the page kept in step. A card's
  // three buttons share its form; Details' heart and marks have forms of their own.
  document.addEventListener("submit", async (event) => {
    const button = event.submitter;
    const isHeart = button?.matches(".heart");
    if (!button || !(isHeart || button.matches(".mark"))) return;
    event.preventDefault();
    const form = event.target;
    const wanted = button.value === "1";
    button.disabled = true;
    try {
      const body = new URLSearchParams({ [button.name]: button.value });
      if (form.elements.back) body.set("back", form.elements.back.value);
      const response = await fetch(form.action, {
        method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin",
      });
      if (!response.ok) throw new Error("HTTP " + response.status);
      const state = await response.json();
      const on = state.on ?? state.favorite;
      // A giveaway's copies carry its id; a RAWG game's (Games) carry the game's.
      const scope = "[data-" + (state.game ? "rawg" : "giveaway") + "-id='" + (state.game || state.id) + "'] ";
      document.querySelectorAll(scope + (isHeart ? ".heart" : ".mark--" + state.kind)).forEach((other) => {
        other.setAttribute("aria-pressed", String(on));
        other.value = on ? "0" : "1";
        if (!isHeart) {
          if (state.kind === "claimed") other.closest(".card")?.classList.toggle("is-claimed", on);
          return;
        }
        // A card's heart is just "Save" (its group names the giveaway); the others say what pressing them does.
        if (!other.closest("[role=group]")) other.setAttribute("aria-label", heartLabel(on, titleOf(other.getAttribute("aria-label"))));
        const text = other.querySelector(".heart__text");
        if (text) text.textContent = on ? say("saved", "Saved") : say("save", "Save");
      });
    } catch (error) {
      if (offline(error)) { notify(say("saveUnreachable", "Could not save that — you seem to be offline.")); return; }
      // Without the background request, the plain form (submit() skips this handler, so name the button).
      const field = document.createElement("input");
      field.type = "hidden"; field.name = button.name; field.value = button.value;
      form.appendChild(field);
      form.submit();
      return;
    } finally {
      button.disabled = false;
    }
    if (isHeart && !wanted && window.location.pathname === "/favorites") {
      button.closest(".card")?.classList.add("is-removed");
    }
  });

  // Notes save themselves as you type (debounced), with a visible state; without this script, the Save button.
  document.querySelectorAll("form[data-notes]").forEach((notesForm) => {
    const area = notesForm.querySelector("textarea");
    const status = notesForm.querySelector("[data-notes-status]");
    notesForm.classList.add("is-enhanced");
    let timer = 0;
    let last = area.value;
    const save = async () => {
      if (area.value === last) return;
      const sent = area.value;
      status.textContent = say("notesSaving", "Saving…");
      try {
        const response = await fetch(notesForm.action, {
          method: "POST", body: new URLSearchParams(new FormData(notesForm)),
          headers: { Accept: "application/json" }, credentials: "same-origin",
        });
        if (!response.ok) throw new Error("HTTP " + response.status);
        last = sent;
        status.textContent = area.value === sent ? say("notesSaved", "Saved") : say("notesSaving", "Saving…");
        notesForm.classList.remove("has-error");
      } catch (error) {
        status.textContent = say("notesFailed", "Not saved — check your connection, or press Save.");
        notesForm.classList.add("has-error");
        notify(say("notesNotSaved", "Your notes were not saved."));
      }
    };
    area.addEventListener("input", () => { status.textContent = say("notesEditing", "Editing…"); clearTimeout(timer); timer = setTimeout(save, 700); });
    area.addEventListener("blur", () => { clearTimeout(timer); save(); });
    notesForm.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); last = null; save(); });
  });

  // Hide asks first; without this script the link opens a confirmation page.
  document.addEventListener("click", async (event) => {
    const link = event.target.closest("a[data-hide-confirm]");
    if (!link) return;
    event.preventDefault();
    if (!window.confirm(link.dataset.hideConfirm)) return;
    try {
      const response = await fetch(link.href, {
        method: "POST", body: new URLSearchParams({ hidden: "1" }),
        headers: { Accept: "application/json" }, credentials: "same-origin",
      });
      if (!response.ok) throw new Error("HTTP " + response.status);
      window.location.href = "/free-to-play";
    } catch (error) {
      if (offline(error)) { notify(say("hideUnreachable", "Could not hide the game — you seem to be offline.")); return; }
      window.location.href = link.href;
    }
  });

  // Read more for long descriptions.
  document.querySelectorAll("[data-collapsible]").forEach((block) => {
    block.classList.add("is-collapsed");
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "read-more";
    toggle.textContent = say("readMore", "Read more");
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", block.id);
    toggle.addEventListener("click", () => {
      const collapsed = block.classList.toggle("is-collapsed");
      toggle.textContent = collapsed ? say("readMore", "Read more") : say("showLess", "Show less");
      toggle.setAttribute("aria-expanded", String(!collapsed));
    });
    block.after(toggle);
  });

  // Pages stay current: the live stream (/api/v1/events, only with JavaScript, closed while the tab is hidden) says
  // what went free, changed or ended, and when a sync finished. The element marked [data-live-events] says how:
  //  - "results" (Home) and "page" (More): a new giveaway matching the page's filters brings a notice, "1 new
  //    giveaway — show", that fetches the element again (Home's results alone; More's whole page, this element taken
  //    from it), with the visitor's rules and marks, without moving what is in view; an ended one greys out; a moved
  //    end date updates its countdown;
  //  - "catalog" (Free to play): after a catalog sync, the results are fetched again, and a notice offers them when
  //    they differ from what is shown;
  //  - "status" (/status): after every sync its cards are fetched again and replaced in place.
  const live = document.querySelector("[data-live-events]");
  if (live && window.EventSource) {
    const mode = live.getAttribute("data-live-events") || "results";
    const here = new URLSearchParams(window.location.search);
    const filters = new URLSearchParams();
    if (mode === "results" || mode === "page") {
      for (const name of ["platform", "type"]) if (here.get(name)) filters.set(name, here.get(name));
    }
    let source = null;
    let lastId = null;
    const waiting = new Set();
    let notice = null;
    let fresh = null;  // Free to play: the results fetched after a catalog sync, shown when the notice is pressed
    const cardsOf = (id) => live.querySelectorAll("[data-giveaway-id='" + Number(id) + "']");
    // The element as the server would render it now: the results fragment, or this element of the whole page.
    const fetchAgain = async () => {
      const fragment = mode === "results" || mode === "catalog";
      const response = await fetch(window.location.pathname + window.location.search,
        { headers: fragment ? { "X-Fragment": "results" } : {}, credentials: "same-origin" });
      if (!response.ok) throw new Error("HTTP " + response.status);
      const html = await response.text();
      if (fragment) return html;
      const element = new DOMParser().parseFromString(html, "text/html").getElementById(live.id);
      if (!element) throw new Error("no #" + live.id);
      return element.innerHTML;
    };
    const showNotice = (text) => {
      if (!notice || !notice.isConnected) {
        notice = document.createElement("button");
        notice.type = "button";
        // A primary button, fixed below the header so that its coming moves nothing on the page: placed through the
        // CSSOM (which the page's CSP allows), so that no page's stylesheet grows for it.
        notice.className = "button button--primary live-notice";
        // Centred by equal margins rather than by `left: 50%`, which would leave it half the screen to wrap in.
        Object.assign(notice.style, { position: "fixed", top: "calc(var(--header-h) + 12px)", left: "0", right: "0",
          marginInline: "auto", width: "max-content", maxWidth: "calc(100vw - 32px)", zIndex: "15",
          whiteSpace: "normal" });
        notice.addEventListener("click", show);
        live.prepend(notice);
      }
      notice.textContent = text;
    };
    const countNotice = () => {
      const count = waiting.size;
      showNotice((count === 1 ? say("liveNewOne", "1 new giveaway — show")
        : say("liveNewOther", "{n} new giveaways — show")).split("{n}").join(String(count)));
    };
    const show = async () => {
      // What is in view stays where it is: the first card on screen is measured before and after.
      const anchor = Array.from(live.querySelectorAll("[data-giveaway-id], .card")).find((card) => card.getBoundingClientRect().bottom > 0);
      const before = anchor ? anchor.getBoundingClientRect().top : 0;
      const anchorId = anchor && anchor.getAttribute("data-giveaway-id");
      try {
        const html = fresh !== null ? fresh : await fetchAgain();
        const focusedOnNotice = document.activeElement === notice;
        notice = null;
        fresh = null;
        waiting.clear();
        live.innerHTML = html;
        const again = anchorId && live.querySelector("[data-giveaway-id='" + Number(anchorId) + "']");
        if (again) window.scrollBy(0, again.getBoundingClientRect().top - before);
        if (focusedOnNotice) {
          const first = live.querySelector(".card, a, button");
          if (first) { if (!first.matches("a, button")) first.setAttribute("tabindex", "-1"); first.focus({ preventScroll: true }); }
        }
      } catch (error) {
        if (offline(error)) { notify(say("loadMoreUnreachable", "Could not load more — you seem to be offline.")); return; }
        window.location.reload();
      }
    };
    const parse = (event) => {
      if (event.lastEventId) lastId = event.lastEventId;
      try { return JSON.parse(event.data); } catch (error) { return null; }
    };
    const onGiveaways = mode === "results" || mode === "page";
    const open = () => {
      const query = new URLSearchParams(filters);
      if (lastId) query.set("lastEventId", lastId);
      source = new EventSource("/api/v1/events" + (query.toString() ? "?" + query : ""));
      source.addEventListener("giveaway.new", (event) => {
        const giveaway = parse(event);
        if (onGiveaways && giveaway && !cardsOf(giveaway.id).length) { waiting.add(giveaway.id); countNotice(); }
      });
      // A card's end, moved: a new element, so that the page's clock writes its text in the visitor's words at once.
      const endsAt = (card, when) => card.querySelectorAll("time[data-t='ends']").forEach((time) => {
        const moved = time.cloneNode(false);
        moved.setAttribute("datetime", when);
        time.replaceWith(moved);
      });
      source.addEventListener("giveaway.ended", (event) => {
        const giveaway = parse(event);
        if (!onGiveaways || !giveaway) return;
        waiting.delete(giveaway.id);
        cardsOf(giveaway.id).forEach((card) => {
          if (card.classList.contains("is-ended")) return;
          card.classList.add("is-ended");
          const badge = document.createElement("span");
          badge.className = "badge badge--ended";
          badge.textContent = say("liveEnded", "Ended");
          (card.querySelector(".card__title, .carousel__title") || card).after(badge);
          // Its end is no longer ahead: the time says when it ended (now), not "Ends in 12 days".
          endsAt(card, new Date().toISOString());
        });
        if (notice) { if (waiting.size) countNotice(); else { notice.remove(); notice = null; } }
      });
      source.addEventListener("giveaway.updated", (event) => {
        const giveaway = parse(event);
        if (!onGiveaways || !giveaway || !giveaway.endDate) return;
        cardsOf(giveaway.id).forEach((card) => endsAt(card, giveaway.endDate));
      });
      source.addEventListener("sync.finished", async (event) => {
        const sync = parse(event);
        try {
          if (mode === "status") {
            const html = await fetchAgain();
            if (html !== live.innerHTML) live.innerHTML = html;
          } else if (mode === "catalog" && sync && sync.source === "freetogame" && sync.outcome === "succeeded") {
            // What the visitor would notice: which games, in which order, under which titles (the markup itself
            // differs between the server's text and the browser's, and the page's clock rewrites times).
            const html = await fetchAgain();
            const signature = (root) => Array.from(root.querySelectorAll("a[href], h2, h3"))
              .filter((element) => !element.closest(".live-notice"))
              .map((element) => element.getAttribute("href") || element.textContent.trim()).join("\n");
            const template = document.createElement("template");
            template.innerHTML = html;
            if (signature(template.content) !== signature(live)) {
              fresh = html;
              showNotice(say("liveCatalogChanged", "The catalog was updated — show"));
            }
          }
        } catch (error) {}  // the next sync tries again; the page as shown stays
      });
    };
    const close = () => { if (source) { source.close(); source = null; } };
    document.addEventListener("visibilitychange", () => { if (document.hidden) close(); else if (!source) open(); });
    window.addEventListener("pagehide", close);
    if (!document.hidden) open();
  }

  // Settings → Notifications: the browser's time zone, used when the visitor names none.
  document.querySelectorAll("[data-browser-zone]").forEach((input) => {
    try { input.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (error) {}
  });
})();
