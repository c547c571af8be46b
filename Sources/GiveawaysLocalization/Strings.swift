import GiveawaysDomain
import GiveawaysHTML

/// Every text a person reads on the pages, in one language: `Strings.en` and `Strings.de`. A language is one
/// instance; since every property is required, the compiler refuses a language with a text missing.
/// Parameterised texts are closures (plurals and word order differ between languages). A class, so that the
/// views and card models that keep it hold one reference rather than a copy of every text.
package final class Strings: Sendable {
    package let language: Language
    package let format: Format
    package let time: Time
    package let layout: LayoutText
    package let card: Card
    package let common: Common
    package let home: Home
    package let details: Details
    package let more: More
    package let lists: Lists
    package let status: Status
    package let error: ErrorText
    package let script: ScriptText
    package let history: HistoryText
    package let stats: StatsText
    package let settings: SettingsText
    package let link: LinkText
    package let notifications: NotificationsText
    package let catalog: CatalogText
    package let discover: DiscoverText
    package let nearby: NearbyText
    package let errors: Errors

    package init(
        language: Language, format: Format, time: Time, layout: LayoutText, card: Card, common: Common, home: Home,
        details: Details, more: More, lists: Lists, status: Status, error: ErrorText, script: ScriptText,
        history: HistoryText, stats: StatsText, settings: SettingsText, link: LinkText,
        notifications: NotificationsText, catalog: CatalogText, discover: DiscoverText,
        nearby: NearbyText, errors: Errors
    ) {
        self.language = language
        self.format = format
        self.time = time
        self.layout = layout
        self.card = card
        self.common = common
        self.home = home
        self.details = details
        self.more = more
        self.lists = lists
        self.status = status
        self.error = error
        self.script = script
        self.history = history
        self.stats = stats
        self.settings = settings
        self.link = link
        self.notifications = notifications
        self.catalog = catalog
        self.discover = discover
        self.nearby = nearby
        self.errors = errors
    }
}

/// A text with a singular and a plural form; `{n}` stands for the number.
package struct Plural: Sendable {
    package let one: String
    package let other: String

    package func callAsFunction(_ count: Int, number: String) -> String {
        Strings.replacing("{n}", with: number, in: count == 1 ? one : other)
    }
}

extension Strings {
    /// How numbers, money and dates are written.
    package struct Format: Sendable {
        package let groupSeparator: String
        package let decimalSeparator: String
        /// `12.99` or `12,99` in, `$12.99` or `12,99 $` out.
        package let money: @Sendable (String) -> String
        package let monthsShort: [String]
        package let monthsLong: [String]
        /// (month, year) → "March 2026".
        package let month: @Sendable (String, Int) -> String
        /// (day, short month) → "5 Jan", under a chart.
        package let dayMonth: @Sendable (Int, String) -> String
        /// Sunday first, as `Calendar` counts.
        package let weekdaysShort: [String]
        /// (weekday, day, month, year, "09:00") → "Tue 1 Apr 2026, 09:00" (the server adds " UTC"). Strings in, so
        /// that the time script gets the same pattern with `{weekday}`, `{day}`… in it.
        package let dateTime: @Sendable (String, String, String, String, String) -> String
        /// (day, month, year) → "1 Apr 2026".
        package let day: @Sendable (String, String, String) -> String
    }

    /// Countdowns and relative times; also handed to the script that rewrites them in the visitor's time zone.
    package struct Time: Sendable {
        package let endsIn: String
        package let endedAgo: String
        package let endsToday: String
        package let endsTomorrow: String
        /// Within a week: `{day}` is the short weekday, `{time}` the clock ("Ends Tue 14:00").
        package let endsOn: String
        package let noEndDate: String
        /// The units after "in" and after "ago" (German needs the dative: "in 2 Tagen", "vor 3 Tagen").
        package let spanIn: Units
        package let spanAgo: Units
        package let lessThanAMinute: String
        /// "{span} ago", "in {span}".
        package let ago: String
        package let inFuture: String
    }

    package struct Units: Sendable {
        package let minute: Plural
        package let hour: Plural
        package let day: Plural
    }

    /// The page shell.
    package struct LayoutText: Sendable {
        package let siteDescription: String
        package let skipToContent: String
        package let brandLabel: String
        package let mainNavigation: String
        package let navHome: String
        package let navFreeToPlay: String
        package let navMore: String
        package let navFavorites: String
        package let navSettings: String
        /// (GamerPower link, FreeToGame link) → the attribution sentence.
        package let credits: @Sendable (HTML, HTML) -> HTML
        package let discoverGames: String
        package let history: String
        package let statistics: String
        package let syncStatus: String
        /// The footer link to the JSON API reference (`/api`).
        package let api: String
        package let languageLabel: String
    }

    /// A giveaway card and what it shares with Details: badges, hearts, marks, types.
    package struct Card: Sendable {
        package let newSinceVisit: String
        package let leftFeed: String
        package let expired: String
        package let active: String
        package let free: String
        package let platforms: String
        package let addFavorite: @Sendable (String) -> String
        package let removeFavorite: @Sendable (String) -> String
        package let save: String
        package let saved: String
        package let claimed: String
        package let notInterested: String
        package let typeGame: String
        package let typeLoot: String
        package let typeEarlyAccess: String
        package let typeOther: String
    }

    /// Texts several pages share: filters, sorts, empty states, "Load more", the freshness banner, the search form.
    package struct Common: Sendable {
        package let all: String
        package let everything: String
        package let filterGames: String
        package let filterLoot: String
        package let filterBeta: String
        package let sortNewest: String
        package let sortValue: String
        package let sortPopularity: String
        package let sortEnding: String
        package let sort: String
        package let search: String
        package let moreResults: String
        package let showing: @Sendable (String, String) -> String
        package let loadMore: String
        package let browseGiveaways: String
        package let goHome: String
        package let demoTitle: String
        package let demoText: String
        package let offlineTitle: @Sendable (String) -> String
        /// The time since the last good sync, as "3 hours ago".
        package let offlineText: @Sendable (String) -> String
        package let retryNow: String
        /// (link to settings) → "Filtered by your rules".
        package let filteredByRules: @Sendable (HTML) -> HTML
        package let hiddenCount: @Sendable (String) -> String
        package let showingEverything: @Sendable (HTML) -> HTML
        package let applyMyRules: String
        package let yourRules: String
        package let rules: String
        /// "Subscribe: Atom · JSON Feed · Calendar".
        package let subscribe: String
        package let calendar: String
    }

    package struct Home: Sendable {
        package let heading: String
        package let hero: @Sendable (Int, String, String) -> String
        package let pageTitle: String
        package let allPlatforms: String
        package let platforms: String
        package let type: String
        package let endingWithin24h: String
        package let giveaways: String
        /// The noun after the number of results.
        package let resultNoun: Plural
        package let clearFilters: String
        package let searchLabel: String
        package let searchPlaceholder: String
        package let nothingEndsTitle: String
        package let nothingEndsMessage: String
        package let showEveryGiveaway: String
        package let rulesHideTitle: String
        package let rulesHideMessage: @Sendable (Int, String) -> String
        package let showEverything: String
        package let noGiveawaysTitle: String
        package let noGiveawaysMessage: String
        package let reload: String
        package let nothingMatchesTitle: String
        package let nothingMatchesMessage: String
    }

    package struct Details: Sendable {
        package let allGiveaways: String
        package let breadcrumb: String
        package let demoText: String
        package let coverArt: @Sendable (String) -> String
        package let lootFor: @Sendable (HTML) -> HTML
        package let openGiveawayPage: String
        package let getIt: String
        package let worth: String
        package let claimedBy: String
        package let people: Plural
        package let type: String
        package let status: String
        package let noLongerListed: String
        package let published: String
        package let ends: String
        package let aboutThis: String
        package let howToClaim: String
        /// (GamerPower link, date) → "Listed on GamerPower since …".
        package let listedSince: @Sendable (HTML, HTML) -> HTML
    }

    package struct More: Sendable {
        package let pageTitle: String
        package let heading: String
        package let intro: String
        package let nothingLive: String
        package let featuredLabel: String
        package let featuredHeading: String
        package let seeAll: String
        package let carouselHelp: String
        package let slide: @Sendable (Int, Int) -> String
        package let previous: String
        package let next: String
    }

    /// Favorites, Claimed, Not interested.
    package struct Lists: Sendable {
        package let favoritesTitle: String
        package let favoritesEmptyIntro: String
        package let favoritesSummary: Plural
        package let favoriteGiveaways: String
        package let noFavoritesTitle: String
        package let noFavoritesMessage: String
        package let yourLists: String
        package let claimedEmptyIntro: String
        /// (count, total worth or nil) → "3 claimed, worth $12.99 together, most recent first."
        package let claimedSummary: @Sendable (String, String?) -> String
        package let notInterestedEmptyIntro: String
        package let notInterestedSummary: @Sendable (String) -> String
        package let claimedGiveaways: String
        package let notInterestedGiveaways: String
        package let nothingHereTitle: String
        package let claimedEmptyMessage: String
        package let notInterestedEmptyMessage: String
    }

    package struct Status: Sendable {
        package let pageTitle: String
        package let heading: String
        package let intro: String
        package let healthy: String
        package let stale: String
        package let failing: String
        package let neverSynced: String
        package let syncing: String
        package let healthySummary: @Sendable (String) -> String
        package let staleSummary: @Sendable (String) -> String
        package let failingDemoSummary: String
        package let failingSummary: String
        package let neverSyncedSummary: String
        package let syncingSummary: String
        package let runningNow: String
        package let succeeded: String
        package let failed: String
        package let lastAttempt: String
        package let lastSuccess: String
        package let outcome: String
        package let holds: String
        package let demoData: String
        package let nextRun: String
        package let never: String
        package let notScheduled: String
        package let games: Plural
        package let giveaways: Plural
        package let changeNew: String
        package let changeUpdated: String
        package let changeBack: String
        package let changeLeft: String
        package let whyFailed: String
        package let whatChanged: String
        package let nothingChanged: String
        package let syncNow: String
        /// The fact: until when a source asked not to be asked (its `Retry-After`).
        package let waitsUntil: String
        /// Said instead of "Sync now" while a source waits, with its name.
        package let waitNote: @Sendable (String) -> String
    }

    package struct ErrorText: Sendable {
        package let notFoundTitle: String
        package let badRequestTitle: String
        package let notFoundHeading: String
        package let badRequestHeading: String
        package let forbiddenHeading: String
        package let methodHeading: String
        package let badGatewayHeading: String
        package let serverHeading: String
        package let otherHeading: String
        package let notFoundMessage: String
        package let badRequestMessage: String
        package let forbiddenMessage: String
        package let methodMessage: String
        package let tooLargeMessage: String
        package let serverMessage: String
        package let noPage: String
        package let noSuchGiveaway: @Sendable (Int) -> String
        package let backToGiveaways: String
        package let offlineTitle: String
        package let offlineHeading: String
        package let offlineText: String
        /// The note over a page the service worker shows from its cache; `{time}` is when it was seen.
        package let offlineNoteTitle: String
        package let offlineNoteText: String
        package let offlineNoteEarlier: String
    }

    /// What app.js says itself (notices, "Read more"), handed over in `<script id="ui-strings">`.
    package struct ScriptText: Sendable {
        package let loadMoreOffline: String
        package let saveOffline: String
        package let hideOffline: String
        package let notesSaving: String
        package let notesSaved: String
        package let notesEditing: String
        package let notesFailed: String
        package let notesNotSaved: String
        package let readMore: String
        package let showLess: String
        /// Home's live notice: "1 new giveaway — show", "{n} new giveaways — show".
        package let liveNewOne: String
        package let liveNewOther: String
        /// The badge a card gets when its giveaway ends while the page is open.
        package let liveEnded: String
        /// Free to play's live notice, after a catalog sync that changed what the page shows.
        package let liveCatalogChanged: String
    }

    package struct HistoryText: Sendable {
        package let heading: String
        package let emptySummary: String
        package let summary: Plural
        package let pastGiveaways: String
        package let noHistoryTitle: String
        package let noHistoryMessage: String
        package let seeWhatIsLive: String
        package let nothingMatchesMessage: String
        package let everyPlatform: String
        package let everyType: String
        package let anyMonth: String
        package let platform: String
        package let type: String
        package let endedIn: String
        package let show: String
        package let firstSeen: String
        package let endDateChanged: String
        package let noEndDate: String
    }

    package struct StatsText: Sendable {
        package let heading: String
        package let intro: String
        package let liveNow: String
        package let liveHint: Plural
        package let youClaimed: String
        package let claimedHint: String
        package let claimedHintWithoutProfile: String
        package let claimedCount: Plural
        package let perStore: String
        package let nothingLive: String
        package let perWeek: String
        package let newGiveaways: String
        /// (link to History) → the sentence under the chart.
        package let countedHint: @Sendable (HTML) -> HTML
        package let weekOf: @Sendable (String) -> String
        package let week: String
        package let showAsTable: String
        /// (title, total, weeks, first week, last week, peak) → the chart's description for screen readers.
        package let chartDescription: @Sendable (String, String, String, String, String, String) -> String
    }

    package struct SettingsText: Sendable {
        package let heading: String
        package let intro: String
        package let saved: String
        package let cleared: String
        package let linked: String
        package let imported: String
        package let feedRenewed: String
        package let notificationsTitle: String
        package let notificationsText: String
        package let manageNotifications: String
        package let rulesTitle: String
        /// (let through, live) → "Your rules let 31 of 40 live giveaways through."
        package let effect: @Sendable (String, String) -> String
        package let myStores: String
        package let myStoresHint: String
        package let types: String
        package let typesHint: String
        package let worthAndJunk: String
        package let minimumWorth: String
        package let minimumWorthPlaceholder: String
        package let minimumWorthHint: String
        package let noLoot: String
        package let hideKeySites: String
        package let hideKeySitesHint: @Sendable (String) -> String
        package let blockedKeywords: String
        package let blockedKeywordsPlaceholder: String
        package let blockedKeywordsHint: String
        package let onHomeAndMore: String
        package let hideClaimed: String
        package let hideNotInterested: String
        package let saveRules: String
        package let clearRules: String
        package let feedsTitle: String
        package let feedsIntro: String
        package let createFeed: String
        package let feedsSecret: String
        package let newAddress: String
        package let newAddressHint: String
        package let calendarFeed: String
        package let deviceTitle: String
        package let deviceText: String
        package let getCode: String
        package let haveCode: String
        package let useCode: String
        package let dataTitle: String
        package let noMarks: String
        package let marks: Plural
        package let dataText: String
        package let export: String
        package let importFile: String
        package let pasteContents: String
        package let importButton: String
    }

    /// Linking another browser with a one-time code.
    package struct LinkText: Sendable {
        package let malformed: String
        package let unknown: String
        package let expired: String
        package let used: String
        package let linkTitle: String
        package let linkIntro: String
        package let yourCode: String
        package let codeLabel: @Sendable (String) -> String
        /// (expiry as a `<time>`) → "Works once, until … (10 minutes). …"
        package let worksOnce: @Sendable (HTML) -> HTML
        package let backToSettings: String
        package let ownMarksWarning: Plural
        package let confirmTitle: String
        package let confirmIntro: @Sendable (HTML) -> HTML
        package let useProfile: String
        package let cancel: String
        package let enterTitle: String
        package let enterIntro: String
        package let code: String
        package let continueButton: String
    }

    /// Settings → Notifications, and a visitor's rules in one line.
    package struct NotificationsText: Sendable {
        package let heading: String
        package let intro: String
        package let breadcrumb: String
        package let yourNotifications: String
        /// (link to the rules, the rules in words) → "They follow your rules: …".
        package let follow: @Sendable (HTML, String) -> HTML
        package let yourRules: String
        package let none: String
        package let secretSet: String
        package let remove: String
        package let addTitle: String
        package let webhookAddress: String
        package let format: String
        package let discordWebhook: String
        package let ntfyTopic: String
        package let jsonSigned: String
        package let tellMeAbout: String
        package let newGiveaways: String
        package let endingGiveaways: String
        package let movedEndDates: String
        package let secret: String
        /// (the header in `<code>`) → the hint under the secret.
        package let secretHint: @Sendable (HTML) -> HTML
        package let add: String
        package let eventNew: String
        package let eventEnding: String
        package let eventChanged: String
        package let profileFull: @Sendable (Int) -> String
        package let serverFull: String
        /// (the waiting time, "10 minutes") → a visitor without a profile, or one that holds nothing yet.
        package let profileEmpty: @Sendable (String) -> String
        /// (the waiting time, "7 minutes") → a profile too young to add a notification.
        package let profileTooNew: @Sendable (String) -> String
        package let addressFull: String
        /// (the waiting time) → too many tries from one address.
        package let tooManyTries: @Sendable (String) -> String
        package let notAnAddress: String
        package let privateAddress: String
        package let httpOnly: String
        package let chooseFormat: String
        package let ntfyNeedsTopic: String
        package let tickOne: String
        package let noSuchNotification: String
        // The rules in a line.
        package let everyGiveaway: String
        package let worthAtLeast: @Sendable (String) -> String
        package let noLoot: String
        package let not: String
        package let noKeySites: String
        package let claimedHidden: String
        package let notInterestedHidden: String
    }

    /// The free-to-play catalog and a game's page.
    package struct CatalogText: Sendable {
        package let heading: String
        package let hero: @Sendable (String) -> String
        package let lootDrops: Plural
        package let genres: String
        package let platform: String
        package let games: String
        package let gameNoun: Plural
        package let hiddenCount: @Sendable (String) -> String
        package let withNotes: @Sendable (String) -> String
        package let searchLabel: String
        package let searchPlaceholder: String
        package let browser: String
        package let sortPopularity: String
        package let sortRelease: String
        package let sortAlphabetical: String
        package let onItsWayTitle: String
        package let onItsWayMessage: String
        package let nothingMatchesMessage: String
        package let unknown: String
        package let notesSaved: @Sendable (String) -> String
        package let operatingSystem: String
        package let processor: String
        package let memory: String
        package let graphics: String
        package let storage: String
        package let notListed: String
        package let removed: String
        /// (a link reading `reloadLink`) → the note while the detail is on its way.
        package let detailLoading: @Sendable (HTML) -> HTML
        package let reloadLink: String
        package let detailFailed: String
        package let play: String
        package let freeToGamePage: String
        package let requirementsTitle: String
        package let requirementsNotListed: String
        package let runsInBrowser: String
        package let notKnownYet: String
        package let screenshots: String
        package let screenshotsScrollable: String
        package let screenshot: @Sendable (Int, String) -> String
        package let restore: String
        package let hide: String
        package let hideConfirm: @Sendable (String) -> String
        package let youHidThis: String
        package let hiddenGames: String
        package let yourNotes: String
        package let notesOn: @Sendable (String) -> String
        package let notesPlaceholder: String
        package let save: String
        package let lootFor: @Sendable (String) -> String
        package let genre: String
        package let released: String
        package let publisher: String
        package let developer: String
        package let aboutThis: String
        package let listedOn: @Sendable (HTML) -> HTML
        package let noSuchGame: @Sendable (Int) -> String
        // Hiding and the hidden-games list.
        package let hideTitle: @Sendable (String) -> String
        /// (link to the hidden games) → what hiding does.
        package let hideText: @Sendable (HTML) -> HTML
        package let hideIt: String
        package let noLongerInCatalog: String
        package let gamesWithNotes: String
        package let restoreGame: @Sendable (String) -> String
        package let restoreButton: String
        package let noHiddenTitle: String
        package let noHiddenMessage: String
        package let browseFreeToPlay: String
        package let restoreAll: @Sendable (String) -> String
        package let hiddenIntro: String
        package let notesLimit: @Sendable (Int) -> String
    }

    /// Discover (RAWG).
    package struct DiscoverText: Sendable {
        package let heading: String
        /// (link to RAWG) → the credit line.
        package let credit: @Sendable (HTML) -> HTML
        /// (the two ways to give the key, as `<code>`) → why Discover is off.
        package let disabled: @Sendable (HTML, HTML) -> HTML
        package let stale: @Sendable (String) -> String
        package let gamesCount: Plural
        package let pickGenre: String
        package let genres: String
        package let rated: @Sendable (String) -> String
        package let platforms: String
        package let moreGames: String
        package let nextPage: String
        /// (page number, link to the previous page) → "Page 2 · Previous page".
        package let page: @Sendable (String, HTML) -> HTML
        package let previousPage: String
        package let games: String
        package let onRAWG: Plural
        package let opensHereNextTime: String
        package let changeGenre: String
        package let website: String
        package let noDescription: String
        package let rating: String
        package let ratingValue: @Sendable (String) -> String
        package let notRated: String
        package let none: String
        package let released: String
        package let developers: String
        package let publishers: String
        package let unknown: String
        package let aboutThis: String
        package let chooseGenre: String
        package let notFound: String
        package let noPage: @Sendable (Int) -> String
        package let noGame: @Sendable (Int) -> String
        package let refusedKey: String
        package let throttled: String
        /// (seconds) → this client's share of RAWG's allowance is spent for now (429).
        package let tooMany: @Sendable (Int) -> String
        package let timedOut: String
        package let failed: String
    }

    /// What a 400 says about a bad address: the API says it in English, a page in its language.
    package struct Errors: Sendable {
        package let unknownPlatform: @Sendable (String) -> String
        package let badType: @Sendable (String) -> String
        package let badSort: @Sendable (String) -> String
        package let badEnding: @Sendable (String) -> String
        package let badMonth: @Sendable (String) -> String
        package let badLanguage: String
        package let badAll: String
        package let badPage: @Sendable (Int) -> String
        package let searchTooLong: @Sendable (Int) -> String
        /// A form body past its form's size (413) or with more fields than any form has (400).
        package let formTooLarge: String
        package let tooManyFields: String
        /// A body still arriving after its deadline (408).
        package let formTooSlow: String
        /// Another import or export is running (429): expensive work is bounded per server and per profile.
        package let busy: String
        /// A state-changing request to a name this server does not answer to, or from another origin (403).
        package let wrongHost: String
        package let crossSite: String
        package let genreTooLong: String
        package let badCatalogPlatform: @Sendable (String) -> String
        /// (the genre asked for, some that exist) → the message.
        package let unknownGenre: @Sendable (String, String) -> String
        package let unknownStore: @Sendable (String) -> String
        package let tooManyKeywords: @Sendable (Int) -> String
        package let unknownSource: @Sendable (String) -> String
        package let badMarkKind: String
        package let badMarkSwitch: String
        package let importMissing: String
        package let exportTooLarge: String
        package let exportUnreadable: String
        package let exportWrongFormat: @Sendable (String) -> String
        package let exportTooNew: @Sendable (Int) -> String
        package let exportTooManyMarks: @Sendable (Int) -> String
        /// (the most marks, "5,000") → a new mark refused: the profile is full.
        package let profileFullMarks: @Sendable (String) -> String
        /// (the most text, "1 MB") → a note refused: the profile's notes are full.
        package let profileFullText: @Sendable (String) -> String
        /// (the most codes that work at once) → another link code refused.
        package let profileFullLinkCodes: @Sendable (Int) -> String
        /// (the most marks, the most text) → an import that would take the profile past a limit.
        package let importOverLimit: @Sendable (String, String) -> String
        package let exportBadStores: String
        package let badCatalogSort: @Sendable (String) -> String
        package let badMinimumWorth: @Sendable (String) -> String
        /// (the most characters, the start of the keyword) → a blocked keyword refused.
        package let keywordTooLong: @Sendable (Int, String) -> String
        package let badIncludeExpired: @Sendable (String) -> String
        /// The API's own: an id or a parameter the OpenAPI document does not allow, an `Accept` without JSON, and a
        /// method an API address does not take.
        package let badID: @Sendable (String) -> String
        package let badParameterType: String
        package let onlyJSON: String
        package let apiMethodNotAllowed: @Sendable (String) -> String
        /// A write (a heart, a setting, a note) while the database cannot be reached: a 503.
        package let databaseUnreachable: String
        /// A page that needs the database (a visitor's marks) while it cannot be reached: a 503.
        package let databaseUnreachableRead: String
        /// Nearby's map tiles and `/api/v1/nearby`: a tile outside the map, a tile server that failed (502).
        package let badTile: String
        package let tileUnavailable: String
        /// `ll`, `bbox`, `radius` (the most metres), `cat` (the value), `cursor`, `limit` (the most), `near` (the
        /// most characters); more than one of `ll`/`bbox`/`near`.
        package let badNearbyPoint: String
        package let badNearbyBox: String
        package let badNearbyRadius: @Sendable (Int) -> String
        package let badNearbyCategory: @Sendable (String) -> String
        package let badNearbyCursor: String
        package let badNearbyLimit: @Sendable (Int) -> String
        package let badNearbyName: @Sendable (Int) -> String
        package let nearbyOneArea: String
        /// Nearby not configured (503); the source refused the key (503, no key shown), asks us to wait (503),
        /// this server's queue is full (503), the source failed or could not be reached (502), did not answer in
        /// time (504); a typed place nothing matched (404). The statuses: `NearbyFailure`.
        package let nearbyOff: String
        package let nearbyRefusedKey: String
        package let nearbyRateLimited: String
        package let nearbyBusy: String
        package let nearbyUnavailable: String
        package let nearbyTimedOut: String
        package let nearbyUnknownPlace: String
        /// One client asked for more searches or map tiles than its share (429), with the seconds to wait.
        package let nearbyTooMany: @Sendable (Int) -> String
    }
}
