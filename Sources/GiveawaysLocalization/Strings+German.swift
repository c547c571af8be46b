import GiveawaysDomain

extension Strings {
    /// German, with "du" throughout, as game stores and launchers address their players.
    package static let de = Strings(
        language: .de,
        format: Format(
            groupSeparator: ".", decimalSeparator: ",", money: { "\($0) $" },
            monthsShort: [
                "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez.",
            ],
            monthsLong: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                "November", "Dezember",
            ],
            month: { month, year in "\(month) \(year)" }, dayMonth: { day, month in "\(day). \(month)" },
            weekdaysShort: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
            dateTime: { weekday, day, month, year, time in "\(weekday), \(day). \(month) \(year), \(time)" },
            day: { day, month, year in "\(day). \(month) \(year)" }),
        time: Time(
            endsIn: "Endet in {span}", endedAgo: "Endete vor {span}", endsToday: "Endet heute um {time}",
            endsTomorrow: "Endet morgen um {time}", endsOn: "Endet am {day} um {time}", noEndDate: "Kein Enddatum",
            spanIn: germanDativeUnits, spanAgo: germanDativeUnits, lessThanAMinute: "weniger als einer Minute",
            ago: "vor {span}", inFuture: "in {span}"),
        layout: LayoutText(
            siteDescription:
                "Alle Gratis-Spiele, Loot-Drops und Beta-Keys, die es gerade gibt – und wie lange sie gratis bleiben.",
            skipToContent: "Zum Inhalt springen", brandLabel: "GameGiveaways – Startseite",
            mainNavigation: "Hauptmenü", navHome: "Start", navFreeToPlay: "Free-to-Play", navMore: "Mehr",
            navFavorites: "Favoriten", navSettings: "Optionen",
            credits: { gamerpower, freetogame in
                "Giveaway-Daten von \(gamerpower), Free-to-Play-Spiele von \(freetogame). GameGiveaways ist ein unabhängiger, selbst gehosteter Tracker; die Seiten zum Einlösen gehören den jeweiligen Stores."
            },
            discoverGames: "Spiele entdecken", history: "Verlauf", statistics: "Statistik",
            syncStatus: "Sync-Status", api: "JSON-API", languageLabel: "Sprache"),
        card: Card(
            newSinceVisit: "Neu seit deinem letzten Besuch", leftFeed: "Nicht mehr gelistet", expired: "Abgelaufen",
            active: "Aktiv", free: "Gratis", platforms: "Plattformen",
            addFavorite: { "\($0) zu den Favoriten hinzufügen" },
            removeFavorite: { "\($0) aus den Favoriten entfernen" }, save: "Merken", saved: "Gemerkt",
            claimed: "Eingelöst", notInterested: "Kein Interesse", typeGame: "Spiel", typeLoot: "Loot / DLC",
            typeEarlyAccess: "Early Access", typeOther: "Sonstiges"),
        common: Common(
            all: "Alle", everything: "Alles", filterGames: "Spiele", filterLoot: "Loot", filterBeta: "Beta",
            sortNewest: "Neueste", sortValue: "Wert", sortPopularity: "Beliebtheit", sortEnding: "Endet bald",
            sort: "Sortierung", search: "Suchen", moreResults: "Weitere Ergebnisse",
            showing: { "\($0) von \($1) angezeigt" }, loadMore: "Mehr laden", browseGiveaways: "Giveaways ansehen",
            goHome: "Zur Startseite", demoTitle: "Demodaten",
            demoText: "GameGiveaways hat sich noch nicht mit GamerPower synchronisiert, diese Giveaways sind also "
                + "erfundene Beispiele. Sobald eine Synchronisierung klappt, ersetzen die echten sie.",
            offlineTitle: { "Offline – Daten vom \($0)" },
            offlineText: {
                "GamerPower war nicht erreichbar; die letzte erfolgreiche Synchronisierung war \($0). "
                    + "Bis es wieder antwortet, fehlen vielleicht neue Giveaways."
            },
            retryNow: "Erneut versuchen", filteredByRules: { "Gefiltert nach \($0)" },
            hiddenCount: { "\($0) ausgeblendet" },
            showingEverything: { "Alles wird angezeigt, ohne deine \($0)" }, applyMyRules: "Meine Regeln anwenden",
            yourRules: "deinen Regeln", rules: "Regeln", subscribe: "Abonnieren:",
            calendar: "Kalender (Beginn und Ende)"),
        home: Home(
            heading: "Jetzt gratis",
            hero: { count, number, worth in
                "\(number) \(count == 1 ? "aktuelles Giveaway" : "aktuelle Giveaways") – Spiele und Loot im Wert von \(worth) zum Behalten."
            },
            pageTitle: "Gratis-Spiele – jetzt", allPlatforms: "Alle Plattformen", platforms: "Plattformen",
            type: "Typ", endingWithin24h: "Endet in 24 Std.", giveaways: "Giveaways",
            resultNoun: Plural(one: "Giveaway", other: "Giveaways"), clearFilters: "Filter zurücksetzen",
            searchLabel: "Giveaways durchsuchen", searchPlaceholder: "Titel, Plattformen, Beschreibungen durchsuchen",
            nothingEndsTitle: "In den nächsten 24 Stunden endet nichts",
            nothingEndsMessage:
                "Kein aktuelles Giveaway, das du noch nicht eingelöst hast, endet innerhalb eines Tages. Schau morgen wieder vorbei.",
            showEveryGiveaway: "Alle Giveaways zeigen", rulesHideTitle: "Deine Regeln blenden hier alles aus",
            rulesHideMessage: { count, number in
                "\(number) \(count == 1 ? "Giveaway passt" : "Giveaways passen") zu diesen Filtern, aber nicht zu deinen Regeln."
            },
            showEverything: "Alles zeigen", noGiveawaysTitle: "Noch keine Giveaways",
            noGiveawaysMessage: "Die erste Synchronisierung läuft noch. Versuch es gleich noch einmal.",
            reload: "Neu laden", nothingMatchesTitle: "Keine Treffer",
            nothingMatchesMessage:
                "Kein aktuelles Giveaway passt zu diesen Filtern. Versuch es mit weniger Wörtern oder einer anderen Plattform."
        ),
        details: Details(
            allGiveaways: "Alle Giveaways", breadcrumb: "Brotkrümelnavigation",
            demoText: "Dieses Giveaway ist erfunden; es wird angezeigt, bis die erste echte Synchronisierung klappt.",
            coverArt: { "Titelbild von \($0)" }, lootFor: { "Loot für \($0), ein Free-to-Play-Spiel" },
            openGiveawayPage: "Giveaway-Seite öffnen", getIt: "Jetzt holen", worth: "Wert", claimedBy: "Eingelöst von",
            people: Plural(one: "{n} Person", other: "{n} Personen"), type: "Typ", status: "Status",
            noLongerListed: "nicht mehr gelistet", published: "Veröffentlicht", ends: "Endet",
            aboutThis: "Über dieses Giveaway", howToClaim: "So löst du es ein",
            listedSince: { gamerpower, date in "Auf \(gamerpower) gelistet seit \(date)." }),
        more: More(
            pageTitle: "Mehr", heading: "Mehr entdecken",
            intro: "Ausgewählte Giveaways im Epic Games Store, dann jede Plattform, auf der es etwas gratis gibt.",
            nothingLive: "Gerade ist nichts aktiv. Schau bald wieder vorbei.",
            featuredLabel: "Ausgewählte Giveaways im Epic Games Store", featuredHeading: "Gratis im Epic Games Store",
            seeAll: "Alle ansehen", carouselHelp: "Mit den Pfeiltasten blättern", slide: { "\($0) von \($1)" },
            previous: "Vorheriges Giveaway", next: "Nächstes Giveaway"),
        lists: Lists(
            favoritesTitle: "Favoriten", favoritesEmptyIntro: "Hier erscheinen deine gemerkten Giveaways.",
            favoritesSummary: Plural(
                one: "{n} gemerktes Giveaway, das neueste zuerst.",
                other: "{n} gemerkte Giveaways, die neuesten zuerst."),
            favoriteGiveaways: "Favorisierte Giveaways", noFavoritesTitle: "Noch keine Favoriten",
            noFavoritesMessage:
                "Tippe bei einem Giveaway auf das Herz, um es hier zu behalten. Favoriten bleiben in diesem Browser, auch wenn das Giveaway endet.",
            yourLists: "Deine Listen", claimedEmptyIntro: "Hier erscheinen Giveaways, die du als eingelöst markierst.",
            claimedSummary: { count, worth in
                "\(count) eingelöst\(worth.map { ", zusammen im Wert von \($0)" } ?? ""), die neuesten zuerst."
            },
            notInterestedEmptyIntro: "Hier erscheinen Giveaways, die dich nicht interessieren.",
            notInterestedSummary: {
                "\($0) ohne Interesse, die neuesten zuerst. Drück die Markierung noch einmal, um sie aufzuheben."
            },
            claimedGiveaways: "Eingelöste Giveaways", notInterestedGiveaways: "Giveaways ohne Interesse",
            nothingHereTitle: "Hier ist noch nichts",
            claimedEmptyMessage:
                "Drück bei einem Giveaway auf „Eingelöst“, sobald du es hast. Eingelöste Giveaways verschwinden aus „Endet bald“, und deine Regeln können sie auf der Startseite ausblenden.",
            notInterestedEmptyMessage:
                "Drück bei einem Giveaway, das dich nicht interessiert, auf „Kein Interesse“. Deine Regeln können sie auf der Startseite ausblenden."
        ),
        status: Status(
            pageTitle: "Sync-Status", heading: "Sync-Status", intro: "Woher die Daten kommen und wie aktuell sie sind.",
            healthy: "In Ordnung", stale: "Fehlerhaft – ältere Daten", failing: "Fehlerhaft",
            neverSynced: "Noch nicht synchronisiert", syncing: "Synchronisiert gerade",
            healthySummary: { "Die letzte Synchronisierung hat geklappt. Sie enthält \($0)." },
            staleSummary: {
                "Der letzte Versuch ist fehlgeschlagen; was du siehst (\($0)), stammt aus der letzten erfolgreichen Synchronisierung."
            },
            failingDemoSummary:
                "Noch keine Synchronisierung hat geklappt; bis dahin zeigt die App gekennzeichnete Demodaten.",
            failingSummary: "Noch keine Synchronisierung hat geklappt.",
            neverSyncedSummary: "Es wurde noch keine Synchronisierung versucht.",
            syncingSummary: "Die erste Synchronisierung läuft.", runningNow: "läuft gerade", succeeded: "erfolgreich",
            failed: "fehlgeschlagen", lastAttempt: "Letzter Versuch", lastSuccess: "Letzter Erfolg",
            outcome: "Ergebnis", holds: "Enthält", demoData: "Demodaten", nextRun: "Nächster Lauf", never: "nie",
            notScheduled: "nicht geplant", games: Plural(one: "{n} Spiel", other: "{n} Spiele"),
            giveaways: Plural(one: "{n} Giveaway", other: "{n} Giveaways"), changeNew: "neu",
            changeUpdated: "aktualisiert", changeBack: "zurück", changeLeft: "entfernt",
            whyFailed: "Warum der letzte Versuch fehlschlug",
            whatChanged: "Was die letzte Synchronisierung geändert hat",
            nothingChanged: "Noch keine Synchronisierung hat geklappt, also hat sich nichts geändert.",
            syncNow: "Jetzt synchronisieren", waitsUntil: "Bat zu warten bis",
            waitNote: {
                "\($0) hat gebeten, vorher nicht erneut gefragt zu werden (Antwort: „zu viele Anfragen“). Bis dahin fragt keine Synchronisierung nach, egal wer auf „Jetzt synchronisieren“ drückt."
            }),
        error: ErrorText(
            notFoundTitle: "Seite nicht gefunden", badRequestTitle: "Ungültige Anfrage",
            notFoundHeading: "Das haben wir nicht gefunden", badRequestHeading: "Diesen Filter gibt es nicht",
            forbiddenHeading: "Nicht erlaubt", methodHeading: "Hier nicht erlaubt",
            badGatewayHeading: "Die Spieledatenbank hat nicht geantwortet", serverHeading: "Etwas ist schiefgelaufen",
            otherHeading: "Das hat nicht geklappt",
            notFoundMessage:
                "Unter dieser Adresse gibt es keine Seite. Vielleicht wurde das Giveaway entfernt, oder der Link ist falsch geschrieben.",
            badRequestMessage: "Die Anfrage war nicht verständlich.",
            forbiddenMessage: "Diese Anfrage ist nicht erlaubt.",
            methodMessage: "Diese Adresse nimmt solche Anfragen nicht an.",
            tooLargeMessage: "Die Anfrage ist zu groß.",
            serverMessage: "Bei uns ist etwas schiefgelaufen. Versuch es bitte gleich noch einmal.",
            noPage: "Unter dieser Adresse gibt es keine Seite.",
            noSuchGiveaway: { "Es gibt kein Giveaway mit der Nummer \($0). Vielleicht hat es nie existiert." },
            backToGiveaways: "Zurück zu allen Giveaways", offlineTitle: "Offline", offlineHeading: "Du bist offline",
            offlineText:
                "Diese Seite wurde noch nie geöffnet, deshalb gibt es auf diesem Gerät keine Kopie davon. Seiten, die du schon gesehen hast, öffnen sich auch offline; alles andere kommt mit der Verbindung zurück.",
            offlineNoteTitle: "Du bist offline", offlineNoteText: "– du siehst den Stand vom {time}.",
            offlineNoteEarlier: "vorhin"
        ),
        script: ScriptText(
            loadMoreOffline: "Mehr laden ging nicht – du scheinst offline zu sein.",
            saveOffline: "Speichern ging nicht – du scheinst offline zu sein.",
            hideOffline: "Ausblenden ging nicht – du scheinst offline zu sein.", notesSaving: "Wird gespeichert …",
            notesSaved: "Gespeichert", notesEditing: "Wird bearbeitet …",
            notesFailed: "Nicht gespeichert – prüf deine Verbindung oder drück auf Speichern.",
            notesNotSaved: "Deine Notizen wurden nicht gespeichert.", readMore: "Weiterlesen",
            showLess: "Weniger anzeigen", liveNewOne: "1 neues Giveaway – anzeigen",
            liveNewOther: "{n} neue Giveaways – anzeigen", liveEnded: "Beendet",
            liveCatalogChanged: "Der Katalog wurde aktualisiert – anzeigen"),
        history: HistoryText(
            heading: "Verlauf",
            emptySummary:
                "Hier erscheinen Giveaways, sobald sie nicht mehr gelistet sind oder ihr Enddatum überschritten haben.",
            summary: Plural(
                one: "{n} Giveaway, das nicht mehr gelistet oder abgelaufen ist.",
                other: "{n} Giveaways, die nicht mehr gelistet oder abgelaufen sind, die neuesten zuerst."),
            pastGiveaways: "Vergangene Giveaways", noHistoryTitle: "Noch kein Verlauf",
            noHistoryMessage:
                "Jede Synchronisierung hält fest, was aus dem Feed von GamerPower verschwindet und was sein Enddatum überschreitet. Bisher ist nichts davon passiert; schau wieder vorbei, wenn ein Giveaway geendet hat.",
            seeWhatIsLive: "Aktuelle Giveaways ansehen",
            nothingMatchesMessage:
                "Kein vergangenes Giveaway passt zu diesen Filtern. Versuch es mit einer anderen Plattform, einem anderen Typ oder Monat.",
            everyPlatform: "Alle Plattformen", everyType: "Alle Typen", anyMonth: "Jeder Monat", platform: "Plattform",
            type: "Typ", endedIn: "Geendet im", show: "Anzeigen", firstSeen: "Zuerst gesehen",
            endDateChanged: "Enddatum geändert:", noEndDate: "kein Enddatum"),
        stats: StatsText(
            heading: "Statistik", intro: "Was gerade gratis ist, was du behalten hast und wie der Feed gewachsen ist.",
            liveNow: "Jetzt aktiv",
            liveHint: Plural(
                one: "Wert von {n} aktuellen Giveaway, gratis zum Behalten.",
                other: "Wert von {n} aktuellen Giveaways, gratis zum Behalten."),
            youClaimed: "Von dir eingelöst",
            claimedHint: "Markiere ein Giveaway auf seiner Seite als eingelöst, dann wird sein Wert hier addiert.",
            claimedHintWithoutProfile:
                "Noch nichts: Markiere Giveaways auf ihren Seiten als eingelöst (dieser Browser merkt sich das), dann wird ihr Wert hier addiert.",
            claimedCount: Plural(
                one: "{n} Giveaway als eingelöst markiert.", other: "{n} Giveaways als eingelöst markiert."),
            perStore: "Aktuelle Giveaways pro Store und Plattform", nothingLive: "Gerade ist nichts aktiv.",
            perWeek: "Neue Giveaways pro Woche", newGiveaways: "Neue Giveaways",
            countedHint: {
                "Gezählt, sobald eine Synchronisierung sie zum ersten Mal gesehen hat; der \($0) zeigt die beendeten."
            },
            weekOf: { "Woche vom \($0)" }, week: "Woche", showAsTable: "Als Tabelle zeigen",
            chartDescription: { title, total, weeks, first, last, peak in
                "\(title): \(total) in \(weeks) Wochen, von \(first) bis \(last), höchstens \(peak) in einer Woche."
            }),
        settings: SettingsText(
            heading: "Einstellungen",
            intro:
                "Deine Regeln bestimmen, was Start, Mehr und deine persönlichen Feeds zeigen. Sie liegen im anonymen Profil dieses Browsers – kein Konto, keine E-Mail.",
            saved: "Deine Regeln sind gespeichert. Start, Mehr und deine Feeds folgen ihnen ab jetzt.",
            cleared: "Deine Regeln sind gelöscht: Es wird wieder alles angezeigt.",
            linked: "Dieser Browser nutzt jetzt dein Profil: Deine Markierungen, Regeln und Feeds sind hier.",
            imported: "Deine Daten sind importiert.",
            feedRenewed: "Deine Feeds haben eine neue Adresse. Die alte funktioniert nicht mehr.",
            notificationsTitle: "Benachrichtigungen",
            notificationsText:
                "Lass dich auf diesem Gerät, über Telegram, Discord, ntfy, Apprise oder deinen eigenen Endpunkt benachrichtigen, wenn ein Giveaway, das zu deinen Regeln passt, erscheint, bald endet oder sein Enddatum ändert.",
            manageNotifications: "Benachrichtigungen verwalten", rulesTitle: "Deine Regeln",
            effect: { "Deine Regeln lassen \($0) von \($1) aktuellen Giveaways durch." }, myStores: "Meine Stores",
            myStoresHint: "Hak die Stores an, die du nutzt. Keiner angehakt heißt: alle Stores.", types: "Typen",
            typesHint: "Keiner angehakt heißt: alle Typen.", worthAndJunk: "Wert und Ramsch",
            minimumWorth: "Mindestwert in US-Dollar", minimumWorthPlaceholder: "z. B. 5,00",
            minimumWorthHint: "Mit einem Mindestwert werden auch Giveaways ohne angegebenen Wert ausgeblendet.",
            noLoot: "Keine DLCs und kein In-Game-Loot",
            hideKeySites: "Giveaways von Key-Seiten ausblenden, die ein Konto oder Punkte verlangen",
            hideKeySitesHint: { "Erkannt an Titel und Einlöse-Schritten: \($0)." },
            blockedKeywords: "Gesperrte Stichwörter", blockedKeywordsPlaceholder: "Eins pro Zeile, z. B. Skin",
            blockedKeywordsHint:
                "Ein Giveaway, dessen Titel eines dieser Wörter enthält, wird ausgeblendet. Groß- und Kleinschreibung und Akzente spielen keine Rolle.",
            onHomeAndMore: "Auf Start und Mehr", hideClaimed: "Als eingelöst markierte Giveaways ausblenden",
            hideNotInterested: "Giveaways ohne Interesse ausblenden", saveRules: "Regeln speichern",
            clearRules: "Alle Regeln löschen", feedsTitle: "Deine Feeds",
            feedsIntro:
                "Feeds, die deinen Regeln und Markierungen folgen, für einen Feedreader oder einen Kalender. Die Adresse ist geheim: Wer sie kennt, kann den Feed lesen, und sonst nichts.",
            createFeed: "Meine Feed-Adresse erstellen",
            feedsSecret:
                "Diese folgen deinen Regeln und Markierungen. Halte sie geheim: Wer die Adresse kennt, kann den Feed lesen.",
            newAddress: "Neue Adresse", newAddressHint: "Die alte Adresse funktioniert sofort nicht mehr.",
            calendarFeed: "Kalender (Beginn und Ende)", deviceTitle: "Anderes Gerät",
            deviceText:
                "Nutze dieselben Favoriten, Markierungen, Notizen und Regeln auf Handy und Computer. Hol dir hier einen Einmal-Code und gib ihn im anderen Browser ein (oder öffne dort seinen Link). Ein Code gilt einmal, für 10 Minuten.",
            getCode: "Code holen", haveCode: "Hast du einen Code aus einem anderen Browser?", useCode: "Code verwenden",
            dataTitle: "Deine Daten", noMarks: "Du hast noch keine Markierungen.",
            marks: Plural(
                one: "{n} Markierung (Favoriten, eingelöst, kein Interesse, Notizen, ausgeblendete Spiele).",
                other: "{n} Markierungen (Favoriten, eingelöst, kein Interesse, Notizen, ausgeblendete Spiele)."),
            dataText:
                "Exportiere sie mit deinen Regeln als JSON-Datei, oder importiere eine solche Datei hier oder auf einem anderen Server.",
            export: "Meine Daten exportieren", importFile: "Datei importieren",
            pasteContents: "… oder ihren Inhalt einfügen",
            importButton: "Importieren"),
        link: LinkText(
            malformed:
                "Das ist kein Code von GameGiveaways: Ein Code hat 16 Buchstaben und Ziffern, etwa ABCD-EFGH-JKMN-PQRS.",
            unknown:
                "Diesen Code gibt es nicht. Prüf ihn, oder hol dir in den Einstellungen deines anderen Browsers einen neuen.",
            expired:
                "Dieser Code ist abgelaufen: Codes gelten 10 Minuten. Hol dir in den Einstellungen deines anderen Browsers einen neuen.",
            used:
                "Dieser Code wurde schon verwendet: Jeder Code gilt nur einmal. Hol dir in den Einstellungen deines anderen Browsers einen neuen.",
            linkTitle: "Anderen Browser verknüpfen",
            linkIntro: "Öffne im anderen Browser die Einstellungen und gib diesen Code ein, oder öffne dort den Link.",
            yourCode: "Dein Code", codeLabel: { "Code: \($0)" },
            worksOnce: {
                "Gilt einmal, bis \($0) (10 Minuten). Danach teilt der andere Browser deine Favoriten, Markierungen, Notizen, Regeln und Feeds."
            },
            backToSettings: "Zurück zu den Einstellungen",
            ownMarksWarning: Plural(
                one:
                    "Die {n} eigene Markierung dieses Browsers wird hier nicht mehr angezeigt (exportiere sie vorher in den Einstellungen, wenn du sie behalten willst).",
                other:
                    "Die {n} eigenen Markierungen dieses Browsers werden hier nicht mehr angezeigt (exportiere sie vorher in den Einstellungen, wenn du sie behalten willst)."
            ),
            confirmTitle: "Das Profil deines anderen Browsers verwenden?",
            confirmIntro: {
                "Mit dem Code \($0) zeigt dieser Browser dieselben Favoriten, Markierungen, Notizen, Regeln und Feeds."
            },
            useProfile: "Dieses Profil verwenden", cancel: "Abbrechen", enterTitle: "Code verwenden",
            enterIntro: "Gib den Code ein, den dein anderer Browser unter Einstellungen → Anderes Gerät anzeigt.",
            code: "Code", continueButton: "Weiter"),
        notifications: NotificationsText(
            heading: "Benachrichtigungen",
            intro:
                "Erfahre von neuen Giveaways, solchen, die bald enden, geänderten Enddaten und gemerkten Giveaways, bevor sie enden – auf diesem Gerät, in Telegram, einem Discord-Kanal, einem ntfy-Topic, über Apprise oder an deinem eigenen Endpunkt. Jede Nachricht kommt einmal; als neu gelten nur Giveaways, die nach dem Anlegen einer Benachrichtigung erscheinen.",
            breadcrumb: "Brotkrümelnavigation", yourNotifications: "Deine Benachrichtigungen",
            follow: { rules, summary in "Sie folgen \(rules): \(summary)." }, yourRules: "deinen Regeln",
            none: "Du hast noch keine Benachrichtigungen.", secretSet: "Geheimnis gesetzt", remove: "Entfernen",
            addTitle: "Benachrichtigung hinzufügen", webhookAddress: "Webhook-Adresse", format: "Format",
            discordWebhook: "Discord-Webhook", ntfyTopic: "ntfy-Topic (https://ntfy.sh/dein-topic)",
            jsonSigned: "JSON (mit deinem Geheimnis signiert)", tellMeAbout: "Benachrichtige mich über",
            newGiveaways: "Neue Giveaways", endingGiveaways: "Giveaways, die innerhalb von 24 Stunden enden",
            movedEndDates: "Geänderte Enddaten", secret: "Geheimnis für die JSON-Signatur (optional)",
            secretHint: {
                "Zustellungen tragen \($0), den HMAC-SHA256 des Inhalts mit diesem Geheimnis. Es wird nie wieder angezeigt."
            },
            add: "Benachrichtigung hinzufügen", eventNew: "neue Giveaways",
            eventEnding: "endet innerhalb von 24 Stunden",
            eventChanged: "geänderte Enddaten",
            profileFull: { "Du hast schon \($0) Benachrichtigungen; entferne zuerst eine." },
            serverFull:
                "Dieser Server nimmt vorerst keine weiteren Benachrichtigungen von Besuchern an. Frag den Betreiber, oder nutze einen Feed.",
            profileEmpty: {
                "Benachrichtigungen gibt es für Browser, die diese Seite schon nutzen: Speichere einen Favoriten, "
                    + "markiere ein Giveaway oder speichere deine Regeln und komm in \($0) wieder."
            },
            profileTooNew: { "Dein Profil ist noch neu: In \($0) kannst du eine Benachrichtigung hinzufügen." },
            addressFull:
                "Aus deinem Netzwerk kommen schon so viele Benachrichtigungen, wie dieser Server von einem Ort annimmt; entferne zuerst eine.",
            tooManyTries: { "Zu viele Versuche aus deinem Netzwerk; versuch es in \($0) wieder." },
            notAnAddress: "Das ist keine Webadresse.",
            privateAddress: "Benachrichtigungen können nicht an private oder lokale Adressen gehen.",
            httpOnly: "Die Adresse muss mit http:// oder https:// beginnen.", chooseFormat: "Wähl ein Format.",
            ntfyNeedsTopic: "Eine ntfy-Adresse nennt das Topic: https://ntfy.sh/dein-topic",
            tickOne: "Hak mindestens eine Art von Neuigkeit an.",
            noSuchNotification: "Diese Benachrichtigung gibt es bei dir nicht.", everyGiveaway: "jedes Giveaway",
            worthAtLeast: { "Wert mindestens \($0)" }, noLoot: "keine DLCs und kein Loot", not: "nicht:",
            noKeySites: "keine Key-Seiten", claimedHidden: "eingelöste ausgeblendet",
            notInterestedHidden: "ohne Interesse ausgeblendet"),
        catalog: CatalogText(
            heading: "Free-to-Play", hero: { "\($0) Free-to-Play-Spiele für PC und Browser, von FreeToGame." },
            lootDrops: Plural(one: "{n} Gratis-Loot-Drop", other: "{n} Gratis-Loot-Drops"), genres: "Genres",
            platform: "Plattform", games: "Spiele", gameNoun: Plural(one: "Spiel", other: "Spiele"),
            hiddenCount: { "\($0) ausgeblendet" }, withNotes: { "\($0) mit deinen Notizen" },
            searchLabel: "Free-to-Play-Spiele durchsuchen", searchPlaceholder: "Titel, Genres, Publisher durchsuchen",
            browser: "Browser", sortPopularity: "Beliebtheit", sortRelease: "Erscheinungsdatum",
            sortAlphabetical: "A–Z",
            onItsWayTitle: "Der Katalog ist unterwegs",
            onItsWayMessage:
                "Der erste Download des Free-to-Play-Katalogs ist noch nicht fertig. Versuch es gleich noch einmal.",
            nothingMatchesMessage:
                "Kein Spiel passt zu diesen Filtern. Versuch es mit weniger Wörtern, einem anderen Genre oder beiden Plattformen.",
            unknown: "Unbekannt", notesSaved: { "Gespeichert: \($0)" }, operatingSystem: "Betriebssystem",
            processor: "Prozessor", memory: "Arbeitsspeicher", graphics: "Grafik", storage: "Speicherplatz",
            notListed: "Nicht angegeben", removed: "Dieses Spiel ist nicht mehr im Katalog von FreeToGame.",
            detailLoading: {
                "Die vollständige Beschreibung, Screenshots und Systemanforderungen kommen gerade von FreeToGame. \($0), um sie gleich zu sehen."
            },
            reloadLink: "Lade die Seite neu",
            detailFailed:
                "FreeToGame hat die vollständigen Angaben zu diesem Spiel gerade nicht geschickt; diese Seite zeigt, was der Katalog listet. Beim nächsten Besuch wird es erneut versucht.",
            play: "Spielen", freeToGamePage: "Seite bei FreeToGame", requirementsTitle: "Mindestanforderungen",
            requirementsNotListed: "Nicht angegeben – FreeToGame nennt für dieses Spiel keine",
            runsInBrowser: " (es läuft im Browser)", notKnownYet: "Noch nicht bekannt.", screenshots: "Screenshots",
            screenshotsScrollable: "Screenshots, scrollbar", screenshot: { "Screenshot \($0) von \($1)" },
            restore: "Wieder in den Katalog", hide: "Ausblenden",
            hideConfirm: {
                "\($0) ausblenden? Es verschwindet für dich aus dem Katalog und der Suche; unter „Ausgeblendete Spiele“ kannst du es jederzeit zurückholen."
            },
            youHidThis: "Du hast dieses Spiel ausgeblendet: Es ist nicht in deinem Katalog und deiner Suche.",
            hiddenGames: "Ausgeblendete Spiele", yourNotes: "Deine Notizen", notesOn: { "Deine Notizen zu \($0)" },
            notesPlaceholder:
                "Nur du siehst sie: ein Server, auf dem du spielst, der Name eines Freundes, was du als Nächstes ausprobierst …",
            save: "Speichern", lootFor: { "Gratis-Loot für \($0), gerade jetzt" }, genre: "Genre",
            released: "Erschienen", publisher: "Publisher", developer: "Entwickler", aboutThis: "Über dieses Spiel",
            listedOn: { "Gelistet bei \($0)." },
            noSuchGame: { "Es gibt kein Free-to-Play-Spiel mit der Nummer \($0)." },
            hideTitle: { "\($0) ausblenden?" },
            hideText: {
                "Es verschwindet für dich aus dem Katalog und der Suche (nur im Profil dieses Browsers). Deine Notizen bleiben, und unter \($0) kannst du es jederzeit zurückholen."
            },
            hideIt: "Ausblenden", noLongerInCatalog: "Nicht mehr im Katalog",
            gamesWithNotes: "Spiele mit deinen Notizen",
            restoreGame: { "\($0) zurückholen" }, restoreButton: "Zurückholen",
            noHiddenTitle: "Keine ausgeblendeten Spiele",
            noHiddenMessage:
                "Spiele, die du ausblendest, verschwinden für dich aus dem Katalog und der Suche und warten hier darauf, zurückgeholt zu werden.",
            browseFreeToPlay: "Free-to-Play-Spiele ansehen", restoreAll: { "Alle \($0) zurückholen" },
            hiddenIntro:
                "Spiele, die du im Free-to-Play-Katalog ausgeblendet hast. Nur das Profil dieses Browsers sieht diese Liste.",
            notesLimit: { "Notizen sind auf \($0) Zeichen begrenzt." }
        ),
        discover: DiscoverText(
            heading: "Entdecken", credit: { "Spieldaten und Bilder von \($0)." },
            disabled: { flag, variable in
                "Entdecken durchstöbert die Datenbank von RAWG mit einer halben Million Spielen nach Genre, mit Bewertungen und Beschreibungen. Auf diesem Server ist es aus: Wer GameGiveaways betreibt, kann es mit einem kostenlosen RAWG-API-Schlüssel einschalten (\(flag) oder \(variable); siehe rawg.io/apidocs)."
            },
            stale: { "RAWG hat gerade nicht geantwortet, deshalb siehst du die Kopie vom \($0)." },
            gamesCount: Plural(one: "{n} Spiel", other: "{n} Spiele"),
            pickGenre: "Wähl ein Genre. GameGiveaways merkt es sich und öffnet es beim nächsten Mal.", genres: "Genres",
            rated: { "Bewertet mit \($0) von 5" }, platforms: "Plattformen", moreGames: "Weitere Spiele",
            nextPage: "Nächste Seite", page: { number, previous in "Seite \(number) · \(previous)" },
            previousPage: "Vorherige Seite", games: "Spiele",
            onRAWG: Plural(one: "{n} Spiel bei RAWG.", other: "{n} Spiele bei RAWG."),
            opensHereNextTime: "Entdecken öffnet beim nächsten Mal hier.", changeGenre: "Genre wechseln",
            website: "Website", noDescription: "RAWG hat keine Beschreibung zu diesem Spiel.", rating: "Bewertung",
            ratingValue: { "\($0) von 5" }, notRated: "Nicht bewertet", none: "Keine", released: "Erschienen",
            developers: "Entwickler", publishers: "Publisher", unknown: "Unbekannt", aboutThis: "Über dieses Spiel",
            chooseGenre: "Wähl ein Genre aus der Liste.", notFound: "Das hat RAWG nicht.",
            noPage: { "Bei RAWG gibt es keine Seite \($0) dieses Genres." },
            noGame: { "Bei RAWG gibt es kein Spiel mit der Nummer \($0)." },
            refusedKey:
                "RAWG hat den API-Schlüssel dieses Servers abgelehnt. Wer GameGiveaways betreibt, kann GIVEAWAYS_RAWG_KEY prüfen.",
            throttled: "RAWG bittet uns, langsamer zu machen. Versuch es in einer Minute noch einmal.",
            tooMany: { seconds in
                "Das waren viele neue Suchen und Spiele in kurzer Zeit, und dieser Server teilt RAWGs Monatskontingent "
                    + "mit allen. Versuch es in \(seconds < 90 ? "\(seconds) s" : "\((seconds + 59) / 60) min") noch einmal."
            },
            timedOut: "RAWG hat nicht rechtzeitig geantwortet. Versuch es gleich noch einmal.",
            failed: "RAWG konnte gerade nicht antworten. Versuch es gleich noch einmal."),
        nearby: NearbyText(
            heading: "In der Nähe", fromMore: "Spieleläden, Spielhallen und Gaming-Cafés in deiner Nähe",
            intro: "Spieleläden, Spielhallen und Gaming-Cafés um dich herum, als Liste oder Karte.",
            notSetUpTitle: "„In der Nähe“ ist nicht eingerichtet",
            notSetUp:
                "Dieser Server sucht keine Orte, daher gibt es hier nichts zu zeigen. Die anderen Seiten funktionieren wie immer.",
            searchLabel: "Orte suchen", searchPlaceholder: "Name, z. B. GameStop", nearLabel: "Wo",
            nearPlaceholder: "Stadt oder Adresse, z. B. Berlin", search: "Suchen",
            useMyLocation: "Meinen Standort nutzen",
            locating: "Standort wird ermittelt …",
            locationDenied:
                "Dein Browser hat deinen Standort nicht geteilt. Gib einen Ort ein oder verschiebe die Karte.",
            locationUnavailable: "Dein Standort wurde nicht gefunden. Gib einen Ort ein oder verschiebe die Karte.",
            kinds: "Arten von Orten", allKinds: "Alle",
            category: {
                switch $0 {
                case .videoGames: "Videospielladen"
                case .arcade: "Spielhalle"
                case .gamingCafe: "Gaming-Café"
                case .internetCafe: "Internetcafé"
                case .vrCafe: "VR-Café"
                case .toys: "Spielwarenladen"
                case .hobby: "Hobbyladen"
                case .comics: "Comicladen"
                }
            },
            unnamedPlace: "Ort", view: "Ansicht", list: "Liste", map: "Karte", places: "Orte",
            placesFrom: { "Orte von \($0)" }, osmCredit: "© OpenStreetMap-Mitwirkende",
            mapLabel: "Karte der Orte: ziehen oder mit + und − und den Pfeiltasten bewegen",
            mapNeedsJavaScript: "Die Karte braucht JavaScript.", showList: "Liste zeigen", zoomIn: "Vergrößern",
            zoomOut: "Verkleinern", searchAsMapMoves: "Beim Verschieben suchen",
            searchThisArea: "In diesem Bereich suchen", showOnMap: "Auf der Karte zeigen", directions: "Route",
            onSource: { $0 == .foursquare ? "Bei Foursquare" : "Bei OpenStreetMap" }, metres: { "\($0) m" },
            kilometres: { "\($0) km" }, openNow: "Jetzt geöffnet", closedNow: "Jetzt geschlossen",
            rated: { "Bewertet mit \($0) von 10" }, loadMore: "Weitere Orte laden", morePlaces: "Weitere Orte",
            loading: "Suche läuft …", emptyTitle: "Keine Spieleläden in diesem Bereich",
            emptyText: "Verkleinere die Karte oder suche woanders.",
            widened: { "Nichts im sichtbaren Bereich — Treffer im Umkreis von \($0) km." },
            emptyWidened: { "Keine Treffer im Umkreis von \($0) km" },
            errorTitle: "Orte konnten nicht geladen werden",
            unreachable: "Die Ortsquelle hat nicht geantwortet. Versuch es gleich noch einmal.",
            refusedKey: "Die Ortsquelle hat den Schlüssel dieses Servers abgelehnt. Der Betreiber muss ihn prüfen.",
            rateLimited: { seconds in
                seconds.map { "Gerade zu viele Suchen — versuch es in \($0) Sekunden noch einmal." }
                    ?? "Gerade zu viele Suchen — versuch es in einer Minute noch einmal."
            },
            malformed: "Die Antwort der Ortsquelle war nicht lesbar. Versuch es gleich noch einmal.",
            busy: { "Auf diesem Server warten gerade zu viele Suchen. Versuch es in \($0) s noch einmal." },
            unknownPlace: { "Nichts namens „\($0)“ gefunden. Prüfe die Schreibweise oder nimm einen größeren Ort." },
            retry: "Erneut versuchen", stale: { "Offline — Orte gespeichert am \($0)." },
            reconnectTitle: "Verbinde dich wieder, um Details zu sehen",
            idsOnly: {
                "\($0) ist gerade nicht erreichbar, und seine Bedingungen erlauben diesem Server, von einem Ort nur die "
                    + "Kennung zu behalten. "
                    + ($1 == 1
                        ? "Das ist der Ort, der hier am \($2) gelistet war."
                        : "Das sind die \($1) Orte, die hier am \($2) gelistet waren.")
            },
            placesSeen: "Hier gesehene Orte", placeID: { "Ort \($0)" },
            badView: "view muss list oder map sein.",
            badLocation: "ll muss Breiten- und Längengrad sein, etwa 52.52,13.405.",
            badZoom: { "z muss eine ganze Zahl von \($0) bis \($1) sein." },
            badCategory: { "Es gibt keine Art von Orten namens „\($0)“. Gültig sind: \($1)." },
            badCursor: "cursor ist keine Seite der Ergebnisse.",
            tooLong: { "\($0) darf höchstens \($1) Zeichen lang sein." }),
        errors: Errors(
            unknownPlatform: {
                "Unbekannte Plattform „\($0)“. Gültig sind: " + Platform.catalog.map(\.slug).joined(separator: ", ")
                    + "."
            },
            badType: { "Der Typ muss game, loot oder beta sein, nicht „\($0)“." },
            badSort: { "Die Sortierung muss date, value, popularity oder ending sein, nicht „\($0)“." },
            badEnding: { "„ending“ kann nur 24h sein, nicht „\($0)“." },
            badMonth: { "Der Monat muss wie 2026-03 aussehen, nicht „\($0)“." },
            badLanguage: "Die Sprache muss en oder de sein.", badAll: "„all“ muss 1 (alles zeigen) oder 0 sein.",
            badPage: { "Die Seite muss eine Zahl von 1 bis \($0) sein." },
            searchTooLong: { "Suchen sind auf \($0) Zeichen begrenzt." },
            formTooLarge: "Das Formular ist zu groß.",
            tooManyFields: "Das Formular hat mehr Felder als jedes Formular dieser Seite.",
            formTooSlow: "Das Formular kam zu langsam an, deshalb wurde nichts gespeichert. Versuche es noch einmal.",
            busy: "Gerade läuft ein anderer Import oder Export. Versuche es in ein paar Sekunden noch einmal.",
            wrongHost: "Dieser Server antwortet nicht auf diesen Namen, deshalb wurde nichts geändert.",
            crossSite: "Anfragen von einer anderen Seite können deine Daten nicht ändern.",
            genreTooLong: "Dieser Genre-Name ist zu lang.",
            badCatalogPlatform: { "Die Plattform muss pc oder browser sein, nicht „\($0)“." },
            unknownGenre: { "Das Genre „\($0)“ gibt es im Katalog nicht. Genres: \($1) …" },
            unknownStore: { "Einen Store „\($0)“ gibt es nicht." },
            tooManyKeywords: { "Bitte höchstens \($0) gesperrte Stichwörter." },
            unknownSource: { "Eine Quelle „\($0)“ zum Synchronisieren gibt es nicht." },
            badMarkKind: "Die Markierung muss „claimed“ oder „not-interested“ sein.",
            badMarkSwitch: "„on“ muss 1 (markieren) oder 0 (Markierung entfernen) sein.",
            importMissing: "Wähle zuerst eine Exportdatei aus oder füge ihren Inhalt ein.",
            exportTooLarge: "Diese Datei ist zu groß für einen Export.",
            exportUnreadable: "Das ist kein GameGiveaways-Export: Die Datei ließ sich nicht als solcher lesen.",
            exportWrongFormat: { "Das ist kein GameGiveaways-Export (sein Format ist „\($0)“)." },
            exportTooNew: {
                "Dieser Export stammt aus einer neueren Version (Version \($0)); bitte zuerst aktualisieren."
            },
            exportTooManyMarks: { "Dieser Export enthält mehr als \($0) Markierungen." },
            profileFullMarks: {
                "Dein Profil enthält so viele Markierungen, wie es behalten kann (\($0)). Entferne welche – Favoriten, "
                    + "eingelöste oder ausgeblendete Spiele –, um neue zu setzen."
            },
            profileFullText: {
                "Deine Notizen enthalten so viel Text, wie ein Profil behalten kann (\($0)); kürze oder entferne zuerst welche."
            },
            profileFullLinkCodes: {
                "Du hast \($0) Codes, die noch gelten; verwende einen oder warte zehn Minuten, bis sie ablaufen."
            },
            importOverLimit: {
                "Nichts wurde importiert: Dein Profil hätte damit mehr als \($0) Markierungen oder \($1) Notizen. "
                    + "Entferne zuerst Markierungen oder importiere eine kleinere Datei."
            },
            exportBadStores: "Die Stores in diesem Export sind keine gültigen Store-Namen.",
            badCatalogSort: { "Die Sortierung muss popularity, release oder alphabetical sein, nicht „\($0)“." },
            badMinimumWorth: {
                "Der Mindestwert muss ein Betrag in Dollar sein, etwa 5 oder 12.99, nicht „\($0)“."
            },
            keywordTooLong: { "Ein gesperrtes Stichwort darf höchstens \($0) Zeichen haben: „\($1)…“." },
            badIncludeExpired: { "„include_expired“ muss true, false, 1 oder 0 sein, nicht „\($0)“." },
            badID: { "Die ID muss eine positive ganze Zahl sein, nicht „\($0)“." },
            badParameterType: "Ein Parameter hat nicht den Typ, den /api/openapi.yaml ihm gibt.",
            onlyJSON: "Diese Adresse antwortet nur mit application/json; das Accept der Anfrage schließt es aus.",
            apiMethodNotAllowed: { "\($0) ist hier nicht erlaubt: diese Adresse nimmt GET und HEAD." },
            databaseUnreachable:
                "Die Datenbank ist nicht erreichbar — nichts wurde gespeichert. Versuch es noch einmal.",
            databaseUnreachableRead: "Die Datenbank ist gerade nicht erreichbar. Versuch es gleich noch einmal.",
            badTile:
                "Diese Kartenkachel gibt es nicht: Die Zoomstufe muss 0 bis 19 sein, x und y ganze Zahlen von 0 bis 2^Zoom − 1.",
            tileUnavailable: "Der Kachelserver der Karte hat nicht geantwortet; versuch es gleich noch einmal.",
            badNearbyPoint: "ll muss Breite und Länge im gültigen Bereich sein, etwa 52.52,13.405.",
            badNearbyBox: "bbox muss Süd,West,Nord,Ost im gültigen Bereich sein, mit Süd < Nord und West < Ost.",
            badNearbyRadius: { "radius muss eine ganze Zahl von Metern zwischen 1 und \($0) sein." },
            badNearbyCategory: {
                "Unbekannte Ortskategorie „\($0)“. Gültig sind: "
                    + PlaceCategory.allCases.map(\.rawValue).joined(separator: ", ") + "."
            },
            badNearbyCursor: "Dieser Cursor stammt nicht aus dieser Suche; fang wieder auf der ersten Seite an.",
            badNearbyLimit: { "limit muss eine ganze Zahl von 1 bis \($0) sein." },
            badNearbyName: { "near muss ein Ortsname mit höchstens \($0) Zeichen sein." },
            nearbyOneArea: "Gib eines von ll, bbox oder near an, nicht mehrere.",
            nearbyOff: "„In der Nähe“ ist auf diesem Server nicht eingerichtet.",
            nearbyRefusedKey:
                "Der Ortsdienst hat den Schlüssel dieses Servers abgelehnt; der Betreiber muss ihn prüfen.",
            nearbyRateLimited: "Der Ortsdienst bittet, langsamer zu fragen; versuch es gleich noch einmal.",
            nearbyBusy: "Auf diesem Server warten zu viele Ortssuchen; versuch es in ein paar Sekunden noch einmal.",
            nearbyUnavailable:
                "Der Ortsdienst ist ausgefallen oder nicht erreichbar; versuch es gleich noch einmal.",
            nearbyTimedOut: "Der Ortsdienst hat nicht rechtzeitig geantwortet; versuch es gleich noch einmal.",
            nearbyUnknownPlace:
                "Kein Ort dieses Namens gefunden; versuch eine andere Schreibweise oder eine Stadt in der Nähe.",
            nearbyTooMany: { "Das war viel Suche in kurzer Zeit; versuch es in \($0) s noch einmal." })
    )

    /// After "in" and "vor" German takes the dative: "in 2 Tagen", "vor 3 Tagen" (minutes and hours look the same).
    private static let germanDativeUnits = Units(
        minute: Plural(one: "1 Minute", other: "{n} Minuten"), hour: Plural(one: "1 Stunde", other: "{n} Stunden"),
        day: Plural(one: "1 Tag", other: "{n} Tagen"))
}
