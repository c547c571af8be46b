import Foundation
import GiveawaysDomain
import GiveawaysHTML
import GiveawaysLocalization

/// Settings → Notifications → "This device": the button that subscribes this browser to Web Push (its script is
/// `push.js`), and the profile's devices, each removable. Without push support (or without script) it says so.
package struct PushSection {
    /// One device, display-ready.
    package struct DeviceModel {
        package let id: Int
        package let label: String
        package let sinceText: String
        package let removePath: String
        package let testPath: String
    }

    /// The server's VAPID public key, the browser's `applicationServerKey`.
    package let publicKey: String
    package let devices: [DeviceModel]
    package let strings: Strings
    private var text: Strings.PushText { strings.push }

    package init(publicKey: String, devices: [(Hook, PushDevice?)], strings: Strings) {
        self.publicKey = publicKey
        self.strings = strings
        self.devices = devices.map { hook, device in
            DeviceModel(
                id: hook.id, label: device?.label ?? strings.push.someBrowser,
                sinceText: strings.push.since(strings.day(hook.createdAt)),
                removePath: SiteRoute.notificationRemove(id: hook.id).path,
                testPath: SiteRoute.pushTest(id: hook.id).path)
        }
    }

    package func render() -> HTML {
        """
        <section class="settings-card" id="push" aria-labelledby="push-title" data-push-key="\(publicKey)" \
        data-subscribe="\(SiteRoute.pushSubscribe.path)" data-working="\(text.working)" data-failed="\(text.failed)" \
        data-denied="\(text.denied)">
          <h2 id="push-title">\(text.thisDevice)</h2>
          <p class="settings-card__lead">\(text.intro)</p>
          <p data-push-unsupported>\(text.unsupported)</p>
          <div data-push-off hidden><button type="button" class="button button--primary" data-push-notify>\(text.notify)</button></div>
          <div data-push-on hidden><p>\(text.subscribed)</p>
            <div class="settings-card__actions"><button type="button" class="button" data-push-test>\(text.sendTest)</button> <button type="button" class="button" data-push-stop>\(text.stop)</button></div></div>
          <p role="status" data-push-status></p>
          <h3>\(text.yourDevices)</h3>
          \(list)
        </section>
        """
    }

    private var list: HTML {
        guard !devices.isEmpty else { return "<p data-push-devices>\(text.noDevices)</p>" }
        let items = devices.map { device -> HTML in
            """
            <li data-device-id="\(device.id)" data-test="\(device.testPath)"><div><strong>\(device.label)</strong> <span class="hint">\(device.sinceText)</span></div>\
            <form method="post" action="\(device.removePath)"><button type="submit" class="button">\(text.remove)<span class="visually-hidden"> \(device.label)</span></button></form></li>
            """
        }
        return "<ul class=\"hook-list\" data-push-devices>\(items)</ul>"
    }
}
