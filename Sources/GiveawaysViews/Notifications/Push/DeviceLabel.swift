import GiveawaysLocalization

/// "Chrome on Android" from a User-Agent: enough for a visitor to tell their devices apart, nothing more.
package enum DeviceLabel {
    package static func label(userAgent: String?, strings: Strings) -> String {
        let agent = userAgent ?? ""
        let browsers = [
            ("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"), ("Firefox/", "Firefox"),
            ("FxiOS/", "Firefox"), ("CriOS/", "Chrome"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"),
            ("Safari/", "Safari"),
        ]
        let systems = [
            ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Windows", "Windows"),
            ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
        ]
        guard let browser = browsers.first(where: { agent.contains($0.0) })?.1 else { return strings.push.someBrowser }
        guard let system = systems.first(where: { agent.contains($0.0) })?.1 else { return browser }
        return strings.push.deviceLabel(browser, system)
    }
}
