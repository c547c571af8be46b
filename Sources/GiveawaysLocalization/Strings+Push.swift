import GiveawaysDomain

extension Strings {
    /// Web Push: Settings → Notifications → "This device", and the notification itself.
    package struct PushText: Sendable {
        package let thisDevice: String
        package let intro: String
        package let notify: String
        package let subscribed: String
        package let sendTest: String
        package let stop: String
        package let testSent: String
        /// (why) → a test that did not go out.
        package let testFailed: @Sendable (String) -> String
        package let yourDevices: String
        package let noDevices: String
        /// (date) → "since 24 Nov 2026".
        package let since: @Sendable (String) -> String
        package let remove: String
        package let unsupported: String
        package let denied: String
        package let failed: String
        package let working: String
        /// (browser, system) → "Chrome on Android".
        package let deviceLabel: @Sendable (String, String) -> String
        package let someBrowser: String
        package let badSubscription: String
        package let endpointNotHTTPS: String
        /// (host) → the endpoint is on no push service this server sends to.
        package let unknownPushService: @Sendable (String) -> String
        /// (count) → the profile has its most devices.
        package let profileFull: @Sendable (Int) -> String
        // The notification.
        /// (store, game) → "Free on Steam: Game".
        package let title: @Sendable (String, String) -> String
        /// (game) → a title without a store.
        package let titleNoStore: @Sendable (String) -> String
        /// (worth) → "Worth $19.99".
        package let worth: @Sendable (String) -> String
        package let getIt: String
        package let claimed: String
        /// (game) → a reminder's title: a hearted giveaway ends soon.
        package let reminderTitle: @Sendable (String) -> String
        /// (game) → a "back" title: a hearted giveaway is in the feed again.
        package let backTitle: @Sendable (String) -> String
        /// (game) → a "free now" title: a hearted announced giveaway has started.
        package let startedTitle: @Sendable (String) -> String
        /// (count) → the daily summary's title, "Your daily summary: 3 giveaways".
        package let summaryTitle: @Sendable (Int) -> String
    }

    /// The push texts in this language.
    package var push: PushText {
        language == .de ? Self.germanPush : Self.englishPush
    }

    package static let englishPush = PushText(
        thisDevice: "This device",
        intro:
            "Get a notification on this phone or computer for each new giveaway that passes your rules, with Get it and Claimed buttons.",
        notify: "Notify this device", subscribed: "This device gets notifications.", sendTest: "Send a test",
        stop: "Stop", testSent: "A test notification is on its way.",
        testFailed: { "The test notification was not accepted: \($0)" }, yourDevices: "Your devices",
        noDevices: "No device gets notifications yet.", since: { "since \($0)" }, remove: "Remove",
        unsupported:
            "This browser cannot receive notifications from websites. On iPhone and iPad: add GameGiveaways to the Home Screen first, then open it from there.",
        denied: "Notifications are blocked for this site. Allow them in the browser's site settings, then try again.",
        failed: "Notifications could not be turned on. Please try again.", working: "One moment…",
        deviceLabel: { "\($0) on \($1)" }, someBrowser: "A browser",
        badSubscription:
            "The browser sent a subscription this server cannot use: it needs an endpoint URL, a 65-byte p256dh key and a 16-byte auth secret.",
        endpointNotHTTPS: "A push endpoint must be an https:// address.",
        unknownPushService: {
            "This browser's push service (\($0)) is not one this server sends to. Ask the server's owner to allow it."
        },
        profileFull: { "\($0) devices get notifications already; remove one first." },
        title: { "Free on \($0): \($1)" }, titleNoStore: { "Free: \($0)" }, worth: { "Worth \($0)" },
        getIt: "Get it", claimed: "Claimed", reminderTitle: { "Ending soon, and you hearted it: \($0)" },
        backTitle: { "Back in the feed: \($0)" },
        startedTitle: { "Free now: \($0)" },
        summaryTitle: { "Your daily summary: \($0) giveaway\($0 == 1 ? "" : "s")" })

    package static let germanPush = PushText(
        thisDevice: "Dieses Gerät",
        intro:
            "Erhalte auf diesem Handy oder Computer eine Mitteilung zu jedem neuen Giveaway, das zu deinen Regeln passt – mit den Knöpfen Holen und Eingelöst.",
        notify: "Dieses Gerät benachrichtigen", subscribed: "Dieses Gerät erhält Mitteilungen.",
        sendTest: "Test senden", stop: "Beenden", testSent: "Eine Test-Mitteilung ist unterwegs.",
        testFailed: { "Die Test-Mitteilung wurde nicht angenommen: \($0)" }, yourDevices: "Deine Geräte",
        noDevices: "Noch erhält kein Gerät Mitteilungen.", since: { "seit \($0)" }, remove: "Entfernen",
        unsupported:
            "Dieser Browser kann keine Mitteilungen von Websites empfangen. Auf iPhone und iPad: GameGiveaways zuerst zum Home-Bildschirm hinzufügen und dann von dort öffnen.",
        denied:
            "Mitteilungen sind für diese Seite blockiert. Erlaube sie in den Website-Einstellungen des Browsers und versuche es erneut.",
        failed: "Mitteilungen konnten nicht eingeschaltet werden. Bitte versuche es erneut.", working: "Einen Moment …",
        deviceLabel: { "\($0) auf \($1)" }, someBrowser: "Ein Browser",
        badSubscription:
            "Der Browser hat ein Abonnement gesendet, das dieser Server nicht verwenden kann: nötig sind eine Endpunkt-URL, ein 65-Byte-Schlüssel p256dh und ein 16-Byte-Geheimnis auth.",
        endpointNotHTTPS: "Ein Push-Endpunkt muss eine https://-Adresse sein.",
        unknownPushService: {
            "Der Push-Dienst dieses Browsers (\($0)) gehört nicht zu denen, an die dieser Server sendet. Bitte den Betreiber, ihn zuzulassen."
        },
        profileFull: { "Schon \($0) Geräte erhalten Mitteilungen; entferne zuerst eins." },
        title: { "Gratis bei \($0): \($1)" }, titleNoStore: { "Gratis: \($0)" }, worth: { "Wert \($0)" },
        getIt: "Holen", claimed: "Eingelöst", reminderTitle: { "Endet bald, und du hast es gemerkt: \($0)" },
        backTitle: { "Wieder im Feed: \($0)" },
        startedTitle: { "Jetzt gratis: \($0)" },
        summaryTitle: { "Deine tägliche Zusammenfassung: \($0) Giveaway\($0 == 1 ? "" : "s")" })
}
