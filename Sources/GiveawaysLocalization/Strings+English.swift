import GiveawaysDomain

extension Strings {
    /// English: the default, and the fallback for every browser that asks for neither language.
    package static let en = Strings(
        language: .en,
        format: Format(
            groupSeparator: ",", decimalSeparator: ".", money: { "$\($0)" },
            monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            monthsLong: [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ],
            month: { month, year in "\(month) \(year)" }, dayMonth: { day, month in "\(day) \(month)" },
            weekdaysShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
            dateTime: { weekday, day, month, year, time in "\(weekday) \(day) \(month) \(year), \(time)" },
            day: { day, month, year in "\(day) \(month) \(year)" }),
        time: Time(
            endsIn: "Ends in {span}", endedAgo: "Ended {span} ago", endsToday: "Ends today, {time}",
            endsTomorrow: "Ends tomorrow, {time}", endsOn: "Ends {day} {time}", noEndDate: "No end date",
            spanIn: englishUnits, spanAgo: englishUnits, lessThanAMinute: "less than a minute", ago: "{span} ago",
            inFuture: "in {span}"),
        layout: LayoutText(
            siteDescription: "Every free game, loot drop and beta key live right now, and how long it stays free.",
            skipToContent: "Skip to content", brandLabel: "GameGiveaways home", mainNavigation: "Main",
            navHome: "Home", navFreeToPlay: "Free to play", navMore: "More", navFavorites: "Favorites",
            navSettings: "Settings",
            credits: { gamerpower, freetogame in
                "Giveaway data from \(gamerpower); free-to-play games from \(freetogame). GameGiveaways is an independent, self-hosted tracker; claim pages belong to their stores."
            },
            discoverGames: "Discover games", history: "History", statistics: "Statistics", syncStatus: "Sync status",
            api: "JSON API",
            languageLabel: "Language"),
        card: Card(
            newSinceVisit: "New since your last visit", leftFeed: "Left the feed", expired: "Expired",
            active: "Active", free: "Free", platforms: "Platforms",
            addFavorite: { "Add \($0) to favorites" }, removeFavorite: { "Remove \($0) from favorites" },
            save: "Save", saved: "Saved", claimed: "Claimed", notInterested: "Not interested", typeGame: "Game",
            typeLoot: "Loot / DLC", typeEarlyAccess: "Early Access", typeOther: "Other"),
        common: Common(
            all: "All", everything: "Everything", filterGames: "Games", filterLoot: "Loot", filterBeta: "Beta",
            sortNewest: "Newest", sortValue: "Value", sortPopularity: "Popularity", sortEnding: "Ending soon",
            sort: "Sort", search: "Search", moreResults: "More results", showing: { "Showing \($0) of \($1)" },
            loadMore: "Load more", browseGiveaways: "Browse giveaways", goHome: "Go home", demoTitle: "Demo data",
            demoText: "GameGiveaways has not synced with GamerPower yet, so these giveaways are invented examples. "
                + "The real ones replace them as soon as a sync succeeds.",
            offlineTitle: { "Offline — showing data from \($0)" },
            offlineText: {
                "GamerPower could not be reached; the last good sync was \($0). "
                    + "New giveaways may be missing until it answers again."
            },
            retryNow: "Retry now",
            filteredByRules: { "Filtered by \($0)" }, hiddenCount: { "\($0) hidden" },
            showingEverything: { "Showing everything, your \($0) aside" }, applyMyRules: "Apply my rules",
            yourRules: "your rules", rules: "rules", subscribe: "Subscribe:", calendar: "Calendar (starts and ends)"),
        home: Home(
            heading: "Free right now",
            hero: { count, number, worth in
                "\(number) live \(count == 1 ? "giveaway" : "giveaways"), \(worth) of games and loot to keep."
            },
            pageTitle: "Free games right now", allPlatforms: "All platforms", platforms: "Platforms", type: "Type",
            endingWithin24h: "Ending within 24 h", giveaways: "Giveaways",
            resultNoun: Plural(one: "giveaway", other: "giveaways"), clearFilters: "Clear filters",
            searchLabel: "Search giveaways", searchPlaceholder: "Search titles, platforms, descriptions",
            nothingEndsTitle: "Nothing ends in the next 24 hours",
            nothingEndsMessage: "No live giveaway you have not claimed ends within a day. Check back tomorrow.",
            showEveryGiveaway: "Show every giveaway", rulesHideTitle: "Your rules hide everything here",
            rulesHideMessage: { count, number in
                "\(number) \(count == 1 ? "giveaway matches" : "giveaways match") these filters but not your rules."
            },
            showEverything: "Show everything", noGiveawaysTitle: "No giveaways yet",
            noGiveawaysMessage: "The first sync has not finished. Try again in a moment.", reload: "Reload",
            nothingMatchesTitle: "Nothing matches",
            nothingMatchesMessage: "No live giveaway matches these filters. Try fewer words or another platform."),
        details: Details(
            allGiveaways: "All giveaways", breadcrumb: "Breadcrumb",
            demoText: "This giveaway is invented; it is shown until the first real sync succeeds.",
            coverArt: { "Cover art of \($0)" }, lootFor: { "Loot for \($0), a free-to-play game" },
            openGiveawayPage: "Open the giveaway page", getIt: "Get it", worth: "Worth", claimedBy: "Claimed by",
            people: Plural(one: "{n} person", other: "{n} people"), type: "Type", status: "Status",
            noLongerListed: "no longer listed", published: "Published", ends: "Ends",
            aboutThis: "About this giveaway", howToClaim: "How to claim",
            listedSince: { gamerpower, date in "Listed on \(gamerpower) since \(date)." }),
        more: More(
            pageTitle: "More", heading: "More to explore",
            intro: "Featured Epic Games Store giveaways, then every platform with something free.",
            nothingLive: "Nothing is live right now. Check back soon.",
            featuredLabel: "Featured Epic Games Store giveaways", featuredHeading: "Free on Epic Games Store",
            seeAll: "See all", carouselHelp: "Use the arrow keys to browse", slide: { "\($0) of \($1)" },
            previous: "Previous giveaway", next: "Next giveaway"),
        lists: Lists(
            favoritesTitle: "Favorites", favoritesEmptyIntro: "Your saved giveaways will appear here.",
            favoritesSummary: Plural(
                one: "{n} saved giveaway, newest first.", other: "{n} saved giveaways, newest first."),
            favoriteGiveaways: "Favorite giveaways", noFavoritesTitle: "No favorites yet",
            noFavoritesMessage:
                "Tap the heart on any giveaway to keep it here. Favorites stay in this browser, even after the giveaway ends.",
            yourLists: "Your lists", claimedEmptyIntro: "Giveaways you mark as claimed appear here.",
            claimedSummary: { count, worth in
                "\(count) claimed\(worth.map { ", worth \($0) together" } ?? ""), most recent first."
            },
            notInterestedEmptyIntro: "Giveaways you are not interested in appear here.",
            notInterestedSummary: { "\($0) not interested, most recent first. Press the mark again to undo." },
            claimedGiveaways: "Claimed giveaways", notInterestedGiveaways: "Not interested giveaways",
            nothingHereTitle: "Nothing here yet",
            claimedEmptyMessage:
                "Press “Claimed” on any giveaway once you have it. Claimed giveaways leave “Ending soon”, and your rules can hide them from Home.",
            notInterestedEmptyMessage:
                "Press “Not interested” on any giveaway you want out of the way. Your rules can hide them from Home."),
        status: Status(
            pageTitle: "Sync status", heading: "Sync status",
            intro: "Where the data comes from, and whether it is fresh.",
            healthy: "Healthy", stale: "Failing — showing older data", failing: "Failing",
            neverSynced: "Not synced yet", syncing: "Syncing",
            healthySummary: { "The last sync succeeded. It holds \($0)." },
            staleSummary: { "The last attempt failed, so what is on show (\($0)) is from the last good sync." },
            failingDemoSummary: "No sync has succeeded yet; the app shows labelled demo data until one does.",
            failingSummary: "No sync has succeeded yet.", neverSyncedSummary: "No sync has been attempted yet.",
            syncingSummary: "The first sync is running.", runningNow: "running now", succeeded: "succeeded",
            failed: "failed", lastAttempt: "Last attempt", lastSuccess: "Last success", outcome: "Outcome",
            holds: "Holds", demoData: "demo data", nextRun: "Next run", never: "never", notScheduled: "not scheduled",
            games: Plural(one: "{n} game", other: "{n} games"),
            giveaways: Plural(one: "{n} giveaway", other: "{n} giveaways"), changeNew: "new", changeUpdated: "updated",
            changeBack: "back", changeLeft: "left", whyFailed: "Why the last attempt failed",
            whatChanged: "What the last good sync changed",
            nothingChanged: "No sync has succeeded yet, so nothing has changed.", syncNow: "Sync now",
            waitsUntil: "Asked to wait until",
            waitNote: {
                "\($0) asked not to be asked again before then (it answered “too many requests”). Until then no sync asks it, whoever presses Sync now."
            }),
        error: ErrorText(
            notFoundTitle: "Page not found", badRequestTitle: "Bad request", notFoundHeading: "We couldn't find that",
            badRequestHeading: "That filter doesn't exist", forbiddenHeading: "Not allowed",
            methodHeading: "Not allowed here", badGatewayHeading: "The game database did not answer",
            serverHeading: "Something went wrong", otherHeading: "That didn't work",
            notFoundMessage:
                "There is no page at this address. The giveaway may have been removed, or the link is mistyped.",
            badRequestMessage: "The request could not be understood.",
            forbiddenMessage: "This request is not allowed.",
            methodMessage: "This address does not accept that kind of request.",
            tooLargeMessage: "The request is too large.",
            serverMessage: "Something went wrong on our side. Please try again in a moment.",
            noPage: "There is no page at this address.",
            noSuchGiveaway: { "There is no giveaway number \($0). It may never have existed." },
            backToGiveaways: "Back to all giveaways", offlineTitle: "Offline", offlineHeading: "You are offline",
            offlineText:
                "This page was not opened before, so there is no copy of it on this device. Pages you have seen open offline; everything else comes back with the connection.",
            offlineNoteTitle: "You are offline", offlineNoteText: "— showing what you saw at {time}.",
            offlineNoteEarlier: "earlier"
        ),
        script: ScriptText(
            loadMoreOffline: "Could not load more — you seem to be offline.",
            saveOffline: "Could not save that — you seem to be offline.",
            hideOffline: "Could not hide the game — you seem to be offline.", notesSaving: "Saving…",
            notesSaved: "Saved", notesEditing: "Editing…",
            notesFailed: "Not saved — check your connection, or press Save.",
            notesNotSaved: "Your notes were not saved.", readMore: "Read more", showLess: "Show less",
            liveNewOne: "1 new giveaway — show", liveNewOther: "{n} new giveaways — show", liveEnded: "Ended",
            liveCatalogChanged: "The catalog was updated — show"),
        history: HistoryText(
            heading: "History", emptySummary: "Giveaways appear here once they leave the feed or pass their end date.",
            summary: Plural(
                one: "{n} giveaway that left the feed or expired.",
                other: "{n} giveaways that left the feed or expired, most recent first."),
            pastGiveaways: "Past giveaways", noHistoryTitle: "No history yet",
            noHistoryMessage:
                "Every sync records what leaves GamerPower's feed and what passes its end date. Nothing has yet; come back after a giveaway ends.",
            seeWhatIsLive: "See what is live",
            nothingMatchesMessage: "No past giveaway matches these filters. Try another platform, type or month.",
            everyPlatform: "Every platform", everyType: "Every type", anyMonth: "Any month", platform: "Platform",
            type: "Type", endedIn: "Ended in", show: "Show", firstSeen: "First seen",
            endDateChanged: "End date changed:", noEndDate: "no end date"),
        stats: StatsText(
            heading: "Statistics", intro: "What is free right now, what you kept, and how the feed has grown.",
            liveNow: "Live now",
            liveHint: Plural(
                one: "Worth of {n} live giveaway, free to keep.", other: "Worth of {n} live giveaways, free to keep."),
            youClaimed: "You claimed",
            claimedHint: "Mark a giveaway as claimed on its page and its worth adds up here.",
            claimedHintWithoutProfile:
                "Nothing yet: mark giveaways as claimed on their pages (this browser keeps the marks) and their worth adds up here.",
            claimedCount: Plural(one: "{n} giveaway marked claimed.", other: "{n} giveaways marked claimed."),
            perStore: "Live giveaways per store and platform", nothingLive: "Nothing is live right now.",
            perWeek: "New giveaways per week", newGiveaways: "New giveaways",
            countedHint: { "Counted when a sync first saw them; \($0) lists the ones that ended." },
            weekOf: { "Week of \($0)" }, week: "Week", showAsTable: "Show as table",
            chartDescription: { title, total, weeks, first, last, peak in
                "\(title): \(total) in \(weeks) weeks from \(first) to \(last), at most \(peak) in one week."
            }),
        settings: SettingsText(
            heading: "Settings",
            intro:
                "Your rules decide what Home, More and your personal feeds show. They live in this browser’s anonymous profile — no account, no e-mail.",
            saved: "Your rules are saved. Home, More and your feeds follow them now.",
            cleared: "Your rules are cleared: everything shows again.",
            linked: "This browser now uses your profile: your marks, rules and feeds are here.",
            imported: "Your data is imported.",
            feedRenewed: "Your feeds have a new address. The old one no longer works.",
            notificationsTitle: "Notifications",
            notificationsText:
                "Be told on this device, in Telegram, Discord, ntfy, through Apprise or at your own endpoint when a giveaway that passes your rules appears, ends soon, or moves its end date.",
            manageNotifications: "Manage notifications", rulesTitle: "Your rules",
            effect: { "Your rules let \($0) of \($1) live giveaways through." }, myStores: "My stores",
            myStoresHint: "Tick the stores you use. None ticked means every store.", types: "Types",
            typesHint: "None ticked means every type.", worthAndJunk: "Worth and junk",
            minimumWorth: "Minimum worth in US dollars", minimumWorthPlaceholder: "e.g. 5.00",
            minimumWorthHint: "With a minimum, giveaways without a listed worth are hidden too.",
            noLoot: "No DLC or in-game loot",
            hideKeySites: "Hide giveaways from key sites that need an account or points",
            hideKeySitesHint: { "Detected from the title and claim steps: \($0)." },
            blockedKeywords: "Blocked keywords",
            blockedKeywordsPlaceholder: "One per line, e.g. skin",
            blockedKeywordsHint:
                "A giveaway whose title contains one of these words is hidden. Case and accents do not matter.",
            onHomeAndMore: "On Home and More", hideClaimed: "Hide giveaways I marked claimed",
            hideNotInterested: "Hide giveaways I marked not interested", saveRules: "Save rules",
            clearRules: "Clear all rules", feedsTitle: "Your feeds",
            feedsIntro:
                "Feeds that follow your rules and marks, for a feed reader or a calendar. The address is secret: anyone who has it can read the feed, and nothing else.",
            createFeed: "Create my feed address",
            feedsSecret:
                "These follow your rules and marks. Keep them secret: anyone with the address can read the feed.",
            newAddress: "New address", newAddressHint: "The old address stops working at once.",
            calendarFeed: "Calendar (starts and ends)", deviceTitle: "Another device",
            deviceText:
                "Use the same favorites, marks, notes and rules on your phone and your computer. Get a one-time code here and enter it on the other browser (or open its link there). A code works once, for 10 minutes.",
            getCode: "Get a code", haveCode: "Have a code from another browser?", useCode: "Use code",
            dataTitle: "Your data", noMarks: "You have no marks yet.",
            marks: Plural(
                one: "{n} mark (favorites, claimed, not interested, notes, hidden games).",
                other: "{n} marks (favorites, claimed, not interested, notes, hidden games)."),
            dataText: "Export them with your rules as a JSON file, or import such a file here or on another server.",
            export: "Export my data", importFile: "Import a file", pasteContents: "…or paste its contents",
            importButton: "Import"),
        link: LinkText(
            malformed:
                "That is not a code from GameGiveaways: a code has 16 letters and digits, like ABCD-EFGH-JKMN-PQRS.",
            unknown: "That code does not exist. Check it, or get a new one in Settings on your other browser.",
            expired:
                "That code has expired: codes work for 10 minutes. Get a new one in Settings on your other browser.",
            used: "That code was already used: each code works once. Get a new one in Settings on your other browser.",
            linkTitle: "Link another browser",
            linkIntro: "On the other browser, open Settings and enter this code, or open the link there.",
            yourCode: "Your code", codeLabel: { "Code: \($0)" },
            worksOnce: {
                "Works once, until \($0) (10 minutes). The other browser then shares your favorites, marks, notes, rules and feeds."
            },
            backToSettings: "Back to Settings",
            ownMarksWarning: Plural(
                one:
                    "This browser’s own {n} mark will no longer show here (export it first in Settings if you want to keep it).",
                other:
                    "This browser’s own {n} marks will no longer show here (export them first in Settings if you want to keep them)."
            ),
            confirmTitle: "Use your other browser’s profile?",
            confirmIntro: {
                "With code \($0), this browser will show the same favorites, marks, notes, rules and feeds."
            },
            useProfile: "Use this profile", cancel: "Cancel", enterTitle: "Use a code",
            enterIntro: "Enter the code your other browser shows in Settings → Another device.", code: "Code",
            continueButton: "Continue"),
        notifications: NotificationsText(
            heading: "Notifications",
            intro:
                "Be told about new giveaways, ones ending soon, moved end dates, and hearted giveaways before they end — on this device, in Telegram, a Discord channel, an ntfy topic, through Apprise, or at your own endpoint. Each is sent once; only giveaways that appear after you add a notification are announced as new.",
            breadcrumb: "Breadcrumb", yourNotifications: "Your notifications",
            follow: { rules, summary in "They follow \(rules): \(summary)." }, yourRules: "your rules",
            none: "You have no notifications yet.", secretSet: "secret set", remove: "Remove",
            addTitle: "Add a notification", webhookAddress: "Webhook address", format: "Format",
            discordWebhook: "Discord webhook", ntfyTopic: "ntfy topic (https://ntfy.sh/your-topic)",
            jsonSigned: "JSON (signed with your secret)", tellMeAbout: "Tell me about", newGiveaways: "New giveaways",
            endingGiveaways: "Giveaways ending within 24 hours", movedEndDates: "Moved end dates",
            secret: "Secret for the JSON signature (optional)",
            secretHint: {
                "Deliveries carry \($0), the HMAC-SHA256 of the body with this secret. It is never shown again."
            },
            add: "Add notification", eventNew: "new giveaways", eventEnding: "ending within 24 hours",
            eventChanged: "moved end dates", profileFull: { "You have \($0) notifications already; remove one first." },
            serverFull: "This server takes no more notifications from visitors for now. Ask its owner, or use a feed.",
            profileEmpty: {
                "Notifications are for browsers that already use this site: save a favorite, mark a giveaway or save "
                    + "your rules, then come back in \($0)."
            },
            profileTooNew: { "Your profile is still new: you can add a notification in \($0)." },
            addressFull:
                "Your network has added as many notifications as this server takes from one place; remove one first.",
            tooManyTries: { "Too many tries from your network; try again in \($0)." },
            notAnAddress: "That is not a web address.",
            privateAddress: "Notifications cannot go to a private or local address.",
            httpOnly: "The address must start with http:// or https://.", chooseFormat: "Choose a format.",
            ntfyNeedsTopic: "An ntfy address names the topic: https://ntfy.sh/your-topic",
            tickOne: "Tick at least one kind of news.", noSuchNotification: "There is no such notification of yours.",
            everyGiveaway: "every giveaway", worthAtLeast: { "worth at least \($0)" }, noLoot: "no DLC or loot",
            not: "not:", noKeySites: "no key sites", claimedHidden: "claimed hidden",
            notInterestedHidden: "not interested hidden"),
        catalog: CatalogText(
            heading: "Free to play", hero: { "\($0) free-to-play games for PC and the browser, from FreeToGame." },
            lootDrops: Plural(one: "{n} free loot drop", other: "{n} free loot drops"), genres: "Genres",
            platform: "Platform", games: "Games", gameNoun: Plural(one: "game", other: "games"),
            hiddenCount: { "\($0) hidden" }, withNotes: { "\($0) with your notes" },
            searchLabel: "Search free-to-play games", searchPlaceholder: "Search titles, genres, publishers",
            browser: "Browser", sortPopularity: "Popularity", sortRelease: "Release date", sortAlphabetical: "A–Z",
            onItsWayTitle: "The catalog is on its way",
            onItsWayMessage: "The first download of the free-to-play catalog has not finished. Try again in a moment.",
            nothingMatchesMessage: "No game matches these filters. Try fewer words, another genre or both platforms.",
            unknown: "Unknown", notesSaved: { "Saved \($0)" }, operatingSystem: "Operating system",
            processor: "Processor", memory: "Memory", graphics: "Graphics", storage: "Storage",
            notListed: "Not listed", removed: "This game is no longer in the FreeToGame catalog.",
            detailLoading: {
                "The full description, screenshots and system requirements are on their way from FreeToGame. \($0) in a moment to see them."
            },
            reloadLink: "Reload",
            detailFailed:
                "FreeToGame did not send this game's full details just now, so this page shows what the catalog lists. It will try again on your next visit.",
            play: "Play", freeToGamePage: "FreeToGame page", requirementsTitle: "Minimum system requirements",
            requirementsNotListed: "Not listed — FreeToGame lists none for this game",
            runsInBrowser: " (it runs in the browser)", notKnownYet: "Not known yet.", screenshots: "Screenshots",
            screenshotsScrollable: "Screenshots, scrollable", screenshot: { "Screenshot \($0) of \($1)" },
            restore: "Restore to the catalog", hide: "Hide",
            hideConfirm: {
                "Hide \($0)? It leaves the catalog and its search for you; restore it any time from Hidden games."
            },
            youHidThis: "You hid this game: it is not in your catalog or search.", hiddenGames: "Hidden games",
            yourNotes: "Your notes", notesOn: { "Your notes on \($0)" },
            notesPlaceholder: "Only you see these: a server you play on, a friend's name, what to try next…",
            save: "Save", lootFor: { "Free loot for \($0) right now" }, genre: "Genre", released: "Released",
            publisher: "Publisher", developer: "Developer", aboutThis: "About this game",
            listedOn: { "Listed on \($0)." }, noSuchGame: { "There is no free-to-play game number \($0)." },
            hideTitle: { "Hide \($0)?" },
            hideText: {
                "It leaves the catalog and its search for you (only in this browser's profile). Your notes stay, and you can restore it any time from \($0)."
            },
            hideIt: "Hide it", noLongerInCatalog: "No longer in the catalog", gamesWithNotes: "Games with your notes",
            restoreGame: { "Restore \($0)" }, restoreButton: "Restore", noHiddenTitle: "No hidden games",
            noHiddenMessage: "Games you hide leave the catalog and its search for you, and wait here to be restored.",
            browseFreeToPlay: "Browse free-to-play games", restoreAll: { "Restore all \($0)" },
            hiddenIntro: "Games you hid from the free-to-play catalog. Only this browser's profile sees this list.",
            notesLimit: { "Notes are limited to \($0) characters." }),
        discover: DiscoverText(
            heading: "Discover", credit: { "Game data and images from \($0)." },
            disabled: { flag, variable in
                "Discover browses RAWG's database of half a million games by genre, with ratings and descriptions. It is off on this server: whoever runs GameGiveaways can turn it on with a free RAWG API key (\(flag) or \(variable); see rawg.io/apidocs)."
            },
            stale: { "RAWG did not answer just now, so this is the copy saved on \($0)." },
            gamesCount: Plural(one: "{n} game", other: "{n} games"),
            pickGenre: "Pick a genre. GameGiveaways remembers it and opens it next time.", genres: "Genres",
            rated: { "Rated \($0) of 5" }, platforms: "Platforms", moreGames: "More games", nextPage: "Next page",
            page: { number, previous in "Page \(number) · \(previous)" }, previousPage: "Previous page",
            games: "Games", onRAWG: Plural(one: "{n} game on RAWG.", other: "{n} games on RAWG."),
            opensHereNextTime: "Discover opens here next time.", changeGenre: "Change genre", website: "Website",
            noDescription: "RAWG has no description of this game.", rating: "Rating",
            ratingValue: { "\($0) of 5" }, notRated: "Not rated", none: "None", released: "Released",
            developers: "Developers", publishers: "Publishers", unknown: "Unknown", aboutThis: "About this game",
            chooseGenre: "Choose a genre from the list.", notFound: "RAWG does not have that.",
            noPage: { "There is no page \($0) of that genre on RAWG." }, noGame: { "RAWG has no game number \($0)." },
            refusedKey:
                "RAWG refused this server's API key. The person running GameGiveaways can check GIVEAWAYS_RAWG_KEY.",
            throttled: "RAWG asks us to slow down. Try again in a minute.",
            tooMany: { seconds in
                "That was a lot of new searches and games in a short time, and this server shares RAWG's monthly "
                    + "allowance with everyone. Try again in \(seconds < 90 ? "\(seconds) s" : "\((seconds + 59) / 60) min")."
            },
            timedOut: "RAWG did not answer in time. Try again in a moment.",
            failed: "RAWG could not answer just now. Try again in a moment."),
        nearby: NearbyText(
            heading: "Nearby", fromMore: "Game stores, arcades and gaming cafés near you",
            intro: "Game stores, arcades and gaming cafés around you, on a list or a map.",
            notSetUpTitle: "Nearby is not set up",
            notSetUp:
                "This server searches no places, so there is nothing to show here. The other pages work as always.",
            searchLabel: "Search places", searchPlaceholder: "Name, e.g. GameStop", nearLabel: "Where",
            nearPlaceholder: "City or address, e.g. Berlin", search: "Search", useMyLocation: "Use my location",
            locating: "Finding your location…",
            locationDenied: "Your browser did not share your location. Type a place or move the map instead.",
            locationUnavailable: "Your location could not be found. Type a place or move the map instead.",
            kinds: "Kinds of places", allKinds: "All",
            category: {
                switch $0 {
                case .videoGames: "Video game store"
                case .arcade: "Arcade"
                case .gamingCafe: "Gaming café"
                case .internetCafe: "Internet café"
                case .vrCafe: "VR café"
                case .toys: "Toy store"
                case .hobby: "Hobby store"
                case .comics: "Comic store"
                }
            },
            unnamedPlace: "Place", view: "View", list: "List", map: "Map", places: "Places",
            placesFrom: { "Places from \($0)" }, osmCredit: "© OpenStreetMap contributors",
            mapLabel: "Map of the places: drag it, or use + and − and the arrow keys",
            mapNeedsJavaScript: "The map needs JavaScript.", showList: "Show the list", zoomIn: "Zoom in",
            zoomOut: "Zoom out", searchAsMapMoves: "Search as the map moves", searchThisArea: "Search this area",
            showOnMap: "Show on map", directions: "Directions",
            onSource: { $0 == .foursquare ? "On Foursquare" : "On OpenStreetMap" }, metres: { "\($0) m" },
            kilometres: { "\($0) km" }, openNow: "Open now", closedNow: "Closed now", rated: { "Rated \($0) of 10" },
            loadMore: "Load more places", morePlaces: "More places", loading: "Searching…",
            emptyTitle: "No game stores within this area", emptyText: "Zoom out or search elsewhere.",
            widened: { "Nothing in view — showing matches within \($0) km." },
            emptyWidened: { "No matches within \($0) km" },
            errorTitle: "Places could not be loaded",
            unreachable: "The place source did not answer. Try again in a moment.",
            refusedKey: "The place source refused this server’s key. The operator needs to check it.",
            rateLimited: { seconds in
                seconds.map { "Too many searches right now — try again in \($0) seconds." }
                    ?? "Too many searches right now — try again in a minute."
            },
            malformed: "The place source sent an answer that could not be read. Try again in a moment.",
            busy: { "Too many searches are waiting on this server just now. Try again in \($0) s." },
            unknownPlace: { "Nothing called “\($0)” was found. Check the spelling or try a bigger place." },
            retry: "Retry", stale: { "Offline — showing places saved on \($0)." },
            reconnectTitle: "Reconnect to see details",
            idsOnly: {
                "\($0) cannot be reached just now, and its terms let this server keep nothing of a place but its id. "
                    + ($1 == 1 ? "This is the place" : "These are the \($1) places") + " listed here on \($2)."
            },
            placesSeen: "Places seen here", placeID: { "Place \($0)" },
            badView: "view must be list or map.",
            badLocation: "ll must be a latitude and longitude in degrees, like 52.52,13.405.",
            badZoom: { "z must be a whole number from \($0) to \($1)." },
            badCategory: { "There is no kind of place called “\($0)”. Valid kinds: \($1)." },
            badCursor: "cursor is not a page of results.",
            tooLong: { "\($0) may be at most \($1) characters long." }),
        errors: Errors(
            unknownPlatform: {
                "Unknown platform '\($0)'. Valid: " + Platform.catalog.map(\.slug).joined(separator: ", ") + "."
            },
            badType: { "The type must be game, loot or beta, not “\($0)”." },
            badSort: { "The sort must be date, value, popularity or ending, not “\($0)”." },
            badEnding: { "“ending” can only be 24h, not “\($0)”." },
            badMonth: { "The month must look like 2026-03, not “\($0)”." },
            badLanguage: "The language must be en or de.",
            badAll: "“all” must be 1 (show everything) or 0.",
            badPage: { "The page must be a number from 1 to \($0)." },
            searchTooLong: { "Searches are limited to \($0) characters." },
            formTooLarge: "The form is too large.",
            tooManyFields: "The form has more fields than any form of this site.",
            formTooSlow: "The form took too long to arrive, so nothing was saved. Try again.",
            busy: "Another import or export is running just now. Try again in a few seconds.",
            wrongHost: "This server does not answer to that name, so nothing was changed.",
            crossSite: "Requests from another site cannot change your data.",
            genreTooLong: "That genre name is too long.",
            badCatalogPlatform: { "The platform must be pc or browser, not “\($0)”." },
            unknownGenre: { "There is no genre “\($0)” in the catalog. Genres: \($1)…" },
            unknownStore: { "There is no store “\($0)”." },
            tooManyKeywords: { "At most \($0) blocked keywords, please." },
            unknownSource: { "There is no source “\($0)” to sync." },
            badMarkKind: "The mark must be “claimed” or “not-interested”.",
            badMarkSwitch: "“on” must be 1 (set the mark) or 0 (clear it).",
            importMissing: "Choose an export file or paste its contents first.",
            exportTooLarge: "That file is too large to be an export.",
            exportUnreadable: "That is not a GameGiveaways export: it could not be read as one.",
            exportWrongFormat: { "That is not a GameGiveaways export (its format is “\($0)”)." },
            exportTooNew: { "That export comes from a newer release (version \($0)); update first." },
            exportTooManyMarks: { "That export holds more than \($0) marks." },
            profileFullMarks: {
                "Your profile holds the most marks it can keep (\($0)). Remove some — favorites, claimed or hidden "
                    + "games — to add more."
            },
            profileFullText: {
                "Your notes hold the most text a profile can keep (\($0)); shorten or remove some first."
            },
            profileFullLinkCodes: {
                "You have \($0) link codes that still work; use one, or wait ten minutes for them to expire."
            },
            importOverLimit: {
                "Nothing was imported: that would take your profile past \($0) marks or \($1) of notes. "
                    + "Remove some marks first, or import a smaller file."
            },
            exportBadStores: "The stores in that export are not valid store names.",
            badCatalogSort: { "The sort must be popularity, release or alphabetical, not “\($0)”." },
            badMinimumWorth: {
                "The minimum worth must be an amount in dollars such as 5 or 12.99, not “\($0)”."
            },
            keywordTooLong: { "A blocked keyword can be at most \($0) characters: “\($1)…”." },
            badIncludeExpired: { "“include_expired” must be true, false, 1 or 0, not “\($0)”." },
            badID: { "The id must be a positive whole number, not “\($0)”." },
            badParameterType: "A parameter does not have the type that /api/openapi.yaml gives it.",
            onlyJSON: "This address answers with application/json only; the request's Accept excludes it.",
            apiMethodNotAllowed: { "\($0) is not allowed here: this address takes GET and HEAD." },
            databaseUnreachable: "The database is not reachable — nothing was saved. Try again.",
            databaseUnreachableRead: "The database is not reachable just now. Try again in a moment.",
            badTile: "No such map tile: the zoom must be 0 to 19, and x and y whole numbers from 0 to 2^zoom − 1.",
            tileUnavailable: "The map's tile server did not answer; try again in a moment.",
            badNearbyPoint: "ll must be a latitude and a longitude in range, like 52.52,13.405.",
            badNearbyBox: "bbox must be south,west,north,east in range, with south < north and west < east.",
            badNearbyRadius: { "radius must be a whole number of metres from 1 to \($0)." },
            badNearbyCategory: {
                "Unknown place category '\($0)'. Valid: "
                    + PlaceCategory.allCases.map(\.rawValue).joined(separator: ", ")
                    + "."
            },
            badNearbyCursor: "That cursor is not one this search gave; start again from the first page.",
            badNearbyLimit: { "limit must be a whole number from 1 to \($0)." },
            badNearbyName: { "near must be a place name of at most \($0) characters." },
            nearbyOneArea: "Give one of ll, bbox or near, not several.",
            nearbyOff: "Nearby is not set up on this server.",
            nearbyRefusedKey: "The places service refused this server's key; the operator must check it.",
            nearbyRateLimited: "The places service asks us to slow down; try again in a moment.",
            nearbyBusy: "Too many place searches are waiting on this server; try again in a few seconds.",
            nearbyUnavailable: "The places service failed or could not be reached; try again in a moment.",
            nearbyTimedOut: "The places service did not answer in time; try again in a moment.",
            nearbyUnknownPlace: "No place of that name was found; try another spelling or a nearby city.",
            nearbyTooMany: { "That was a lot of searching in a short time; try again in \($0) s." })
    )

    private static let englishUnits = Units(
        minute: Plural(one: "1 minute", other: "{n} minutes"), hour: Plural(one: "1 hour", other: "{n} hours"),
        day: Plural(one: "1 day", other: "{n} days"))
}
