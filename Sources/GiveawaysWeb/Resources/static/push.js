// Settings → Notifications → "This device" (PushSection.swift): asks for permission only when the button is
// pressed, subscribes with the server's VAPID key, and stores the subscription with a same-origin POST.
"use strict";
(() => {
  const section = document.getElementById("push");
  if (!section) return;
  const part = (name) => section.querySelector("[data-push-" + name + "]");
  const say = (text) => { part("status").textContent = text; };
  // Without a PushManager (iOS Safari outside the installed app, older browsers) the note stays.
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) return;
  part("unsupported").hidden = true;
  const bytes = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  };
  // The device this browser added is remembered here; the page lists the profile's devices by id.
  const device = () => section.querySelector("[data-device-id='" + (localStorage.getItem("push-device") || "x") + "']");
  const show = (on) => { part("on").hidden = !on; part("off").hidden = on; };
  const post = (url, body, type) => fetch(url, {
    method: "POST", credentials: "same-origin", body,
    headers: Object.assign({ Accept: "application/json" }, type ? { "Content-Type": type } : {}),
  });
  navigator.serviceWorker.ready
    .then((registration) => registration.pushManager.getSubscription())
    .then((subscription) => show(Boolean(subscription && device())))
    .catch(() => show(false));
  show(false);
  part("notify").addEventListener("click", async () => {
    say(section.dataset.working);
    try {
      if (await Notification.requestPermission() !== "granted") { say(section.dataset.denied); return; }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: bytes(section.dataset.pushKey),
      });
      const response = await post(section.dataset.subscribe, JSON.stringify(subscription), "application/json");
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) { say(answer.error || section.dataset.failed); return; }
      localStorage.setItem("push-device", answer.id);
      location.reload();
    } catch (error) {
      say(section.dataset.failed);
    }
  });
  part("test").addEventListener("click", async () => {
    const item = device();
    if (!item) return;
    say(section.dataset.working);
    try {
      const answer = await (await post(item.dataset.test)).json();
      say(answer.message);
    } catch (error) {
      say(section.dataset.failed);
    }
  });
  part("stop").addEventListener("click", async () => {
    const item = device();
    try {
      const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
      if (subscription) await subscription.unsubscribe();
      if (item) await post(item.querySelector("form").action);
    } finally {
      localStorage.removeItem("push-device");
      location.reload();
    }
  });
})();
