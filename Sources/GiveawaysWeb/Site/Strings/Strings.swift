import GiveawaysDomain

/// Every text a person reads on the pages, in one language: `Strings.en` and `Strings.de`. A language is one
/// instance; since every property is required, the compiler refuses a language with a text missing.
/// Parameterised texts are closures (plurals and word order differ between languages). A class, so that the
/// views and card models that keep it hold one reference rather than a copy of every text.
final class Strings: Sendable {
    let language: Language
    let format: Format
    let time: Time
    let layout: LayoutText
    let card: Card
    let common: Common
    let home: Home
    let details: Details
    let more: More
    let lists: Lists
    let status: Status
    let error: ErrorText
    let script: ScriptText
    let history: HistoryText
    let stats: StatsText
    let settings: SettingsText
    let link: LinkText
    let notifications: NotificationsText
    let catalog: CatalogText
    let discover: DiscoverText
    let nearby: NearbyText
    let errors: Errors

    init(
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
struct Plural: Sendable {
    let one: String
    let other: String

    func callAsFunction(_ count: Int, number: String) -> String {
        Strings.replacing("{n}", with: number, in: count == 1 ? one : other)
    }
}

extension Strings {
    /// How numbers, money and dates are written.
    struct Format: Sendable {
        let groupSeparator: String
        let decimalSeparator: String
        /// `12.99` or `12,99` in, `$12.99` or `12,99 $` out.
        let money: @Sendable (String) -> String
        let monthsShort: [String]
        let monthsLong: [String]
        /// (month, year) → "March 2026".
        let month: @Sendable (String, Int) -> String
        /// (day, short month) → "5 Jan", under a chart.
        let dayMonth: @Sendable (Int, String) -> String
        /// Sunday first, as `Calendar` counts.
        let weekdaysShort: [String]
        /// (weekday, day, month, year, "09:00") → "Tue 1 Apr 2026, 09:00" (the server adds " UTC"). Strings in, so
        /// that the time script gets the same pattern with `{weekday}`, `{day}`… in it.
        let dateTime: @Sendable (String, String, String, String, String) -> String
        /// (day, month, year) → "1 Apr 2026".
        let day: @Sendable (String, String, String) -> String
    }

    /// Countdowns and relative times; also handed to the script that rewrites them in the visitor's time zone.
    struct Time: Sendable {
        let endsIn: String
        let endedAgo: String
        let endsToday: String
        let endsTomorrow: String
        /// Within a week: `{day}` is the short weekday, `{time}` the clock ("Ends Tue 14:00").
        let endsOn: String
        let noEndDate: String
        /// The units after "in" and after "ago" (German needs the dative: "in 2 Tagen", "vor 3 Tagen").
        let spanIn: Units
        let spanAgo: Units
        let lessThanAMinute: String
        /// "{span} ago", "in {span}".
        let ago: String
        let inFuture: String
    }

    struct Units: Sendable {
        let minute: Plural
        let hour: Plural
        let day: Plural
    }

    /// The page shell.
    struct LayoutText: Sendable {
        let siteDescription: String
        let skipToContent: String
        let brandLabel: String
        let mainNavigation: String
        let navHome: String
        let navFreeToPlay: String
        let navMore: String
        let navFavorites: String
        let navSettings: String
        /// (GamerPower link, FreeToGame link) → the attribution sentence.
        let credits: @Sendable (HTML, HTML) -> HTML
        let discoverGames: String
        let history: String
        let statistics: String
        let syncStatus: String
        /// The footer link to the JSON API reference (`/api`).
        let api: String
        let languageLabel: String
    }

    /// A giveaway card and what it shares with Details: badges, hearts, marks, types.
    struct Card: Sendable {
        let newSinceVisit: String
        let leftFeed: String
        let expired: String
        let active: String
        let free: String
        let platforms: String
        let addFavorite: @Sendable (String) -> String
        let removeFavorite: @Sendable (String) -> String
        let save: String
        let saved: String
        let claimed: String
        let notInterested: String
        let typeGame: String
        let typeLoot: String
        let typeEarlyAccess: String
        let typeOther: String
    }

    /// Texts several pages share: filters, sorts, empty states, "Load more", the freshness banner, the search form.
    struct Common: Sendable {
        let all: String
        let everything: String
        let filterGames: String
        let filterLoot: String
        let filterBeta: String
        let sortNewest: String
        let sortValue: String
        let sortPopularity: String
        let sortEnding: String
        let sort: String
        let search: String
        let moreResults: String
        let showing: @Sendable (String, String) -> String
        let loadMore: String
        let browseGiveaways: String
        let goHome: String
        let demoTitle: String
        let demoText: String
        let offlineTitle: @Sendable (String) -> String
        /// The time since the last good sync, as "3 hours ago".
        let offlineText: @Sendable (String) -> String
        let retryNow: String
        /// (link to settings) → "Filtered by your rules".
        let filteredByRules: @Sendable (HTML) -> HTML
        let hiddenCount: @Sendable (String) -> String
        let showingEverything: @Sendable (HTML) -> HTML
        let applyMyRules: String
        let yourRules: String
        let rules: String
        /// "Subscribe: Atom · JSON Feed · Calendar".
        let subscribe: String
        let calendar: String
    }

    struct Home: Sendable {
        let heading: String
        let hero: @Sendable (Int, String, String) -> String
        let pageTitle: String
        let allPlatforms: String
        let platforms: String
        let type: String
        let endingWithin24h: String
        let giveaways: String
        /// The noun after the number of results.
        let resultNoun: Plural
        let clearFilters: String
        let searchLabel: String
        let searchPlaceholder: String
        let nothingEndsTitle: String
        let nothingEndsMessage: String
        let showEveryGiveaway: String
        let rulesHideTitle: String
        let rulesHideMessage: @Sendable (Int, String) -> String
        let showEverything: String
        let noGiveawaysTitle: String
        let noGiveawaysMessage: String
        let reload: String
        let nothingMatchesTitle: String
        let nothingMatchesMessage: String
    }

    struct Details: Sendable {
        let allGiveaways: String
        let breadcrumb: String
        let demoText: String
        let coverArt: @Sendable (String) -> String
        let lootFor: @Sendable (HTML) -> HTML
        let openGiveawayPage: String
        let getIt: String
        let worth: String
        let claimedBy: String
        let people: Plural
        let type: String
        let status: String
        let noLongerListed: String
        let published: String
        let ends: String
        let aboutThis: String
        let howToClaim: String
        /// (GamerPower link, date) → "Listed on GamerPower since …".
        let listedSince: @Sendable (HTML, HTML) -> HTML
    }

    struct More: Sendable {
        let pageTitle: String
        let heading: String
        let intro: String
        let nothingLive: String
        let featuredLabel: String
        let featuredHeading: String
        let seeAll: String
        let carouselHelp: String
        let slide: @Sendable (Int, Int) -> String
        let previous: String
        let next: String
    }

    /// Favorites, Claimed, Not interested.
    struct Lists: Sendable {
        let favoritesTitle: String
        let favoritesEmptyIntro: String
        let favoritesSummary: Plural
        let favoriteGiveaways: String
        let noFavoritesTitle: String
        let noFavoritesMessage: String
        let yourLists: String
        let claimedEmptyIntro: String
        /// (count, total worth or nil) → "3 claimed, worth $12.99 together, most recent first."
        let claimedSummary: @Sendable (String, String?) -> String
        let notInterestedEmptyIntro: String
        let notInterestedSummary: @Sendable (String) -> String
        let claimedGiveaways: String
        let notInterestedGiveaways: String
        let nothingHereTitle: String
        let claimedEmptyMessage: String
        let notInterestedEmptyMessage: String
    }

    struct Status: Sendable {
        let pageTitle: String
        let heading: String
        let intro: String
        let healthy: String
        let stale: String
        let failing: String
        let neverSynced: String
        let syncing: String
        let healthySummary: @Sendable (String) -> String
        let staleSummary: @Sendable (String) -> String
        let failingDemoSummary: String
        let failingSummary: String
        let neverSyncedSummary: String
        let syncingSummary: String
        let runningNow: String
        let succeeded: String
        let failed: String
        let lastAttempt: String
        let lastSuccess: String
        let outcome: String
        let holds: String
        let demoData: String
        let nextRun: String
        let never: String
        let notScheduled: String
        let games: Plural
        let giveaways: Plural
        let changeNew: String
        let changeUpdated: String
        let changeBack: String
        let changeLeft: String
        let whyFailed: String
        let whatChanged: String
        let nothingChanged: String
        let syncNow: String
    }

    struct ErrorText: Sendable {
        let notFoundTitle: String
        let badRequestTitle: String
        let notFoundHeading: String
        let badRequestHeading: String
        let forbiddenHeading: String
        let methodHeading: String
        let badGatewayHeading: String
        let serverHeading: String
        let otherHeading: String
        let notFoundMessage: String
        let badRequestMessage: String
        let forbiddenMessage: String
        let methodMessage: String
        let tooLargeMessage: String
        let serverMessage: String
        let noPage: String
        let noSuchGiveaway: @Sendable (Int) -> String
        let backToGiveaways: String
        let offlineTitle: String
        let offlineHeading: String
        let offlineText: String
        /// The note over a page the service worker shows from its cache; `{time}` is when it was seen.
        let offlineNoteTitle: String
        let offlineNoteText: String
        let offlineNoteEarlier: String
    }

    /// What app.js says itself (notices, "Read more"), handed over in `<script id="ui-strings">`.
    struct ScriptText: Sendable {
        let loadMoreOffline: String
        let saveOffline: String
        let hideOffline: String
        let notesSaving: String
        let notesSaved: String
        let notesEditing: String
        let notesFailed: String
        let notesNotSaved: String
        let readMore: String
        let showLess: String
    }

    struct HistoryText: Sendable {
        let heading: String
        let emptySummary: String
        let summary: Plural
        let pastGiveaways: String
        let noHistoryTitle: String
        let noHistoryMessage: String
        let seeWhatIsLive: String
        let nothingMatchesMessage: String
        let everyPlatform: String
        let everyType: String
        let anyMonth: String
        let platform: String
        let type: String
        let endedIn: String
        let show: String
        let firstSeen: String
        let endDateChanged: String
        let noEndDate: String
    }

    struct StatsText: Sendable {
        let heading: String
        let intro: String
        let liveNow: String
        let liveHint: Plural
        let youClaimed: String
        let claimedHint: String
        let claimedHintWithoutProfile: String
        let claimedCount: Plural
        let perStore: String
        let nothingLive: String
        let perWeek: String
        let newGiveaways: String
        /// (link to History) → the sentence under the chart.
        let countedHint: @Sendable (HTML) -> HTML
        let weekOf: @Sendable (String) -> String
        let week: String
        let showAsTable: String
        /// (title, total, weeks, first week, last week, peak) → the chart's description for screen readers.
        let chartDescription: @Sendable (String, String, String, String, String, String) -> String
    }

    struct SettingsText: Sendable {
        let heading: String
        let intro: String
        let saved: String
        let cleared: String
        let linked: String
        let imported: String
        let feedRenewed: String
        let notificationsTitle: String
        let notificationsText: String
        let manageNotifications: String
        let rulesTitle: String
        /// (let through, live) → "Your rules let 31 of 40 live giveaways through."
        let effect: @Sendable (String, String) -> String
        let myStores: String
        let myStoresHint: String
        let types: String
        let typesHint: String
        let worthAndJunk: String
        let minimumWorth: String
        let minimumWorthPlaceholder: String
        let minimumWorthHint: String
        let noLoot: String
        let hideKeySites: String
        let hideKeySitesHint: @Sendable (String) -> String
        let blockedKeywords: String
        let blockedKeywordsPlaceholder: String
        let blockedKeywordsHint: String
        let onHomeAndMore: String
        let hideClaimed: String
        let hideNotInterested: String
        let saveRules: String
        let clearRules: String
        let feedsTitle: String
        let feedsIntro: String
        let createFeed: String
        let feedsSecret: String
        let newAddress: String
        let newAddressHint: String
        let calendarFeed: String
        let deviceTitle: String
        let deviceText: String
        let getCode: String
        let haveCode: String
        let useCode: String
        let dataTitle: String
        let noMarks: String
        let marks: Plural
        let dataText: String
        let export: String
        let importFile: String
        let pasteContents: String
        let importButton: String
    }

    /// Linking another browser with a one-time code.
    struct LinkText: Sendable {
        let malformed: String
        let unknown: String
        let expired: String
        let used: String
        let linkTitle: String
        let linkIntro: String
        let yourCode: String
        let codeLabel: @Sendable (String) -> String
        /// (expiry as a `<time>`) → "Works once, until … (10 minutes). …"
        let worksOnce: @Sendable (HTML) -> HTML
        let backToSettings: String
        let ownMarksWarning: Plural
        let confirmTitle: String
        let confirmIntro: @Sendable (HTML) -> HTML
        let useProfile: String
        let cancel: String
        let enterTitle: String
        let enterIntro: String
        let code: String
        let continueButton: String
    }

    /// Settings → Notifications, and a visitor's rules in one line.
    struct NotificationsText: Sendable {
        let heading: String
        let intro: String
        let breadcrumb: String
        let yourNotifications: String
        /// (link to the rules, the rules in words) → "They follow your rules: …".
        let follow: @Sendable (HTML, String) -> HTML
        let yourRules: String
        let none: String
        let secretSet: String
        let remove: String
        let addTitle: String
        let webhookAddress: String
        let format: String
        let discordWebhook: String
        let ntfyTopic: String
        let jsonSigned: String
        let tellMeAbout: String
        let newGiveaways: String
        let endingGiveaways: String
        let movedEndDates: String
        let secret: String
        /// (the header in `<code>`) → the hint under the secret.
        let secretHint: @Sendable (HTML) -> HTML
        let add: String
        let eventNew: String
        let eventEnding: String
        let eventChanged: String
        let profileFull: @Sendable (Int) -> String
        let serverFull: String
        /// (the waiting time, "10 minutes") → a visitor without a profile, or one that holds nothing yet.
        let profileEmpty: @Sendable (String) -> String
        /// (the waiting time, "7 minutes") → a profile too young to add a notification.
        let profileTooNew: @Sendable (String) -> String
        let addressFull: String
        /// (the waiting time) → too many tries from one address.
        let tooManyTries: @Sendable (String) -> String
        let notAnAddress: String
        let privateAddress: String
        let httpOnly: String
        let chooseFormat: String
        let ntfyNeedsTopic: String
        let tickOne: String
        let noSuchNotification: String
        // The rules in a line.
        let everyGiveaway: String
        let worthAtLeast: @Sendable (String) -> String
        let noLoot: String
        let not: String
        let noKeySites: String
        let claimedHidden: String
        let notInterestedHidden: String
    }

    /// The free-to-play catalog and a game's page.
    struct CatalogText: Sendable {
        let heading: String
        let hero: @Sendable (String) -> String
        let lootDrops: Plural
        let genres: String
        let platform: String
        let games: String
        let gameNoun: Plural
        let hiddenCount: @Sendable (String) -> String
        let withNotes: @Sendable (String) -> String
        let searchLabel: String
        let searchPlaceholder: String
        let browser: String
        let sortPopularity: String
        let sortRelease: String
        let sortAlphabetical: String
        let onItsWayTitle: String
        let onItsWayMessage: String
        let nothingMatchesMessage: String
        let unknown: String
        let notesSaved: @Sendable (String) -> String
        let operatingSystem: String
        let processor: String
        let memory: String
        let graphics: String
        let storage: String
        let notListed: String
        let removed: String
        /// (a link reading `reloadLink`) → the note while the detail is on its way.
        let detailLoading: @Sendable (HTML) -> HTML
        let reloadLink: String
        let detailFailed: String
        let play: String
        let freeToGamePage: String
        let requirementsTitle: String
        let requirementsNotListed: String
        let runsInBrowser: String
        let notKnownYet: String
        let screenshots: String
        let screenshotsScrollable: String
        let screenshot: @Sendable (Int, String) -> String
        let restore: String
        let hide: String
        let hideConfirm: @Sendable (String) -> String
        let youHidThis: String
        let hiddenGames: String
        let yourNotes: String
        let notesOn: @Sendable (String) -> String
        let notesPlaceholder: String
        let save: String
        let lootFor: @Sendable (String) -> String
        let genre: String
        let released: String
        let publisher: String
        let developer: String
        let aboutThis: String
        let listedOn: @Sendable (HTML) -> HTML
        let noSuchGame: @Sendable (Int) -> String
        // Hiding and the hidden-games list.
        let hideTitle: @Sendable (String) -> String
        /// (link to the hidden games) → what hiding does.
        let hideText: @Sendable (HTML) -> HTML
        let hideIt: String
        let noLongerInCatalog: String
        let gamesWithNotes: String
        let restoreGame: @Sendable (String) -> String
        let restoreButton: String
        let noHiddenTitle: String
        let noHiddenMessage: String
        let browseFreeToPlay: String
        let restoreAll: @Sendable (String) -> String
        let hiddenIntro: String
        let notesLimit: @Sendable (Int) -> String
    }

    /// Discover (RAWG).
    struct DiscoverText: Sendable {
        let heading: String
        /// (link to RAWG) → the credit line.
        let credit: @Sendable (HTML) -> HTML
        /// (the two ways to give the key, as `<code>`) → why Discover is off.
        let disabled: @Sendable (HTML, HTML) -> HTML
        let stale: @Sendable (String) -> String
        let gamesCount: Plural
        let pickGenre: String
        let genres: String
        let rated: @Sendable (String) -> String
        let platforms: String
        let moreGames: String
        let nextPage: String
        /// (page number, link to the previous page) → "Page 2 · Previous page".
        let page: @Sendable (String, HTML) -> HTML
        let previousPage: String
        let games: String
        let onRAWG: Plural
        let opensHereNextTime: String
        let changeGenre: String
        let website: String
        let noDescription: String
        let rating: String
        let ratingValue: @Sendable (String) -> String
        let notRated: String
        let none: String
        let released: String
        let developers: String
        let publishers: String
        let unknown: String
        let aboutThis: String
        let chooseGenre: String
        let notFound: String
        let noPage: @Sendable (Int) -> String
        let noGame: @Sendable (Int) -> String
        let refusedKey: String
        let throttled: String
        let timedOut: String
        let failed: String
    }

    /// What a 400 says about a bad address: the API says it in English, a page in its language.
    struct Errors: Sendable {
        let unknownPlatform: @Sendable (String) -> String
        let badType: @Sendable (String) -> String
        let badSort: @Sendable (String) -> String
        let badEnding: @Sendable (String) -> String
        let badMonth: @Sendable (String) -> String
        let badLanguage: String
        let badAll: String
        let badPage: @Sendable (Int) -> String
        let searchTooLong: @Sendable (Int) -> String
        /// A form body past its form's size (413) or with more fields than any form has (400).
        let formTooLarge: String
        let tooManyFields: String
        /// A body still arriving after its deadline (408).
        let formTooSlow: String
        /// Another import or export is running (429): expensive work is bounded per server and per profile.
        let busy: String
        /// A state-changing request to a name this server does not answer to, or from another origin (403).
        let wrongHost: String
        let crossSite: String
        let genreTooLong: String
        let badCatalogPlatform: @Sendable (String) -> String
        /// (the genre asked for, some that exist) → the message.
        let unknownGenre: @Sendable (String, String) -> String
        let unknownStore: @Sendable (String) -> String
        let tooManyKeywords: @Sendable (Int) -> String
        let unknownSource: @Sendable (String) -> String
        let badMarkKind: String
        let badMarkSwitch: String
        let importMissing: String
        let exportTooLarge: String
        let exportUnreadable: String
        let exportWrongFormat: @Sendable (String) -> String
        let exportTooNew: @Sendable (Int) -> String
        let exportTooManyMarks: @Sendable (Int) -> String
        /// (the most marks, "5,000") → a new mark refused: the profile is full.
        let profileFullMarks: @Sendable (String) -> String
        /// (the most text, "1 MB") → a note refused: the profile's notes are full.
        let profileFullText: @Sendable (String) -> String
        /// (the most codes that work at once) → another link code refused.
        let profileFullLinkCodes: @Sendable (Int) -> String
        /// (the most marks, the most text) → an import that would take the profile past a limit.
        let importOverLimit: @Sendable (String, String) -> String
        let exportBadStores: String
        let badCatalogSort: @Sendable (String) -> String
        let badMinimumWorth: @Sendable (String) -> String
        /// (the most characters, the start of the keyword) → a blocked keyword refused.
        let keywordTooLong: @Sendable (Int, String) -> String
        let badIncludeExpired: @Sendable (String) -> String
        /// The API's own: an id or a parameter the OpenAPI document does not allow, an `Accept` without JSON, and a
        /// method an API address does not take.
        let badID: @Sendable (String) -> String
        let badParameterType: String
        let onlyJSON: String
        let apiMethodNotAllowed: @Sendable (String) -> String
        /// A write (a heart, a setting, a note) while the database cannot be reached: a 503.
        let databaseUnreachable: String
        /// A page that needs the database (a visitor's marks) while it cannot be reached: a 503.
        let databaseUnreachableRead: String
        /// Nearby's map tiles and `/api/v1/nearby`: a tile outside the map, a tile server that failed (502).
        let badTile: String
        let tileUnavailable: String
        /// `ll`, `bbox`, `radius` (the most metres), `cat` (the value), `cursor`, `limit` (the most), `near` (the
        /// most characters); more than one of `ll`/`bbox`/`near`.
        let badNearbyPoint: String
        let badNearbyBox: String
        let badNearbyRadius: @Sendable (Int) -> String
        let badNearbyCategory: @Sendable (String) -> String
        let badNearbyCursor: String
        let badNearbyLimit: @Sendable (Int) -> String
        let badNearbyName: @Sendable (Int) -> String
        let nearbyOneArea: String
        /// Nearby not configured (503); the source refused the key (503, no key shown), asks us to wait (503),
        /// this server's queue is full (503), the source failed or could not be reached (502), did not answer in
        /// time (504); a typed place nothing matched (404). The statuses: `NearbyFailure`.
        let nearbyOff: String
        let nearbyRefusedKey: String
        let nearbyRateLimited: String
        let nearbyBusy: String
        let nearbyUnavailable: String
        let nearbyTimedOut: String
        let nearbyUnknownPlace: String
        /// One client asked for more searches or map tiles than its share (429), with the seconds to wait.
        let nearbyTooMany: @Sendable (Int) -> String
    }
}
