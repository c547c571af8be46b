import Foundation
import GiveawaysDomain
import Testing

@testable import GiveawaysData

/// The two ways the app opens SQLite: a WAL file (the server, the CLI) and memory (tests).
enum SQLiteStore: String, CaseIterable, CustomTestStringConvertible {
    case memory, file

    var testDescription: String { rawValue }

    func open() throws -> AppDatabase {
        switch self {
        case .memory:
            return try AppDatabase.inMemory()
        case .file:
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("gg-contract-\(UUID().uuidString)/store.sqlite").path
            return try AppDatabase.open(path: path)
        }
    }
}

/// Every check of the repository contracts, named for the test report. `SQLiteContractTests` and
/// `PostgresContractTests` run the same list; a new check is one case and one line here.
enum ContractCheck: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case feedRoundTrip, feedHistory, feedPlatformChange, feedEmptyFeed, feedDuplicatedIDs, feedDemoData
    case syncLogFailureAndRecovery, syncLogNeverSucceeded
    case marksPerProfile, marksText, marksNone
    case catalogRoundTrip, catalogRemovedAndBack, catalogDuplicatedIDs
    case feedEndDateChanges
    case profileRules, profileVisits, profileFeedToken, profileLinkCodes, profileImport, profileNearbyArea
    case profileMarkLimit, profileImportLimit, profileTextLimit, profileLinkCodeLimit
    case hooksAddAndRemove, hooksOfVisitors, hooksVisitorLimits, hooksVisitorEstablished
    case hooksPushDevices, hooksSilentPushDevices
    case outboxExactlyOnce, outboxLeaseExpiry, outboxGiveUp, outboxOrder, outboxRetryAndLog
    case discoverCacheRoundTrip, discoverCacheOverwrite, discoverCacheUsage
    case concurrentLinkCodeRedeem, concurrentOutboxDrainers, serverSecret
    case notificationPreferences, outboxHold, remindersPerEndDate
    case storeOffersRoundTrip, storeOffersLeftAndPerStore
    case firstHandAnnounced, firstHandFreeNow, firstHandNotTwice, firstHandClaimedAnywhere, firstHandHeartedGame,
        firstHandOwned
    case liveLogOnceInOrder, liveLogPruned
    case libraryRoundTrip, librarySteamLink, libraryHuge

    var testDescription: String { rawValue }

    /// Runs the check against repositories over one database.
    func run(
        feed: any GiveawayFeedRepository, log: any SyncLogRepository, marks: any MarkRepository,
        catalog: any CatalogRepository, profiles: any ProfileRepository, hooks: any HookRepository,
        discoverCache: any DiscoverCacheRepository, secrets: any ServerSecretStore, offers: any StoreOfferRepository,
        live: any LiveEventRepository, library: any LibraryRepository
    ) async throws {
        let liveContract = LiveEventContract(log: live)
        let libraryContract = LibraryContract(library: library)
        let offerContract = StoreOfferContract(offers: offers)
        let firstHand = FirstHandNotificationContract(
            hooks: hooks, feed: feed, offers: offers, marks: marks, profiles: profiles, library: library)
        let hookContract = HookContract(hooks: hooks, feed: feed, profiles: profiles, marks: marks)
        let discoverContract = DiscoverCacheContract(cache: discoverCache)
        let profileContract = ProfileContract(profiles: profiles, marks: marks)
        let catalogContract = CatalogContract(catalog: catalog)
        let feedContract = GiveawayFeedContract(feed: feed)
        let logContract = SyncLogContract(feed: feed, log: log)
        let markContract = MarkContract(marks: marks)
        let concurrency = ConcurrencyContract(profiles: profiles, hooks: hooks, feed: feed, secrets: secrets)
        let preferences = NotificationPreferenceContract(hooks: hooks, feed: feed, marks: marks)
        switch self {
        case .feedRoundTrip: try await feedContract.everyFieldSurvivesTheRoundTrip()
        case .feedHistory: try await feedContract.historyRecordsFirstSeenLastSeenLeavingAndComingBack()
        case .feedPlatformChange: try await feedContract.aChangeOfPlatformsCountsAsAnUpdate()
        case .feedEmptyFeed: try await feedContract.anEmptyFeedMarksEverythingLeftButKeepsIt()
        case .feedDuplicatedIDs: try await feedContract.duplicatedIdsInOneFeedAreStoredOnceWithTheLastCopy()
        case .feedDemoData: try await feedContract.demoDataFillsOnlyAnEmptyStoreAndGivesWayToRealData()
        case .syncLogFailureAndRecovery: try await logContract.aFailedSyncChangesNothingAndIsReported()
        case .syncLogNeverSucceeded: try await logContract.aSourceThatNeverSucceededHasOnlyItsFailure()
        case .marksPerProfile: try await markContract.marksBelongToOneProfileNewestFirst()
        case .marksText: try await markContract.aMarksTextIsReplacedInPlace()
        case .marksNone: try await markContract.aProfileWithoutMarksHasNone()
        case .catalogRoundTrip: try await catalogContract.everyFieldSurvivesAndTheUpstreamOrderIsKept()
        case .catalogRemovedAndBack:
            try await catalogContract.gamesThatLeaveAreKeptAsRemovedAndComeBackWithTheirDetail()
        case .catalogDuplicatedIDs: try await catalogContract.duplicatedIdsAreStoredOnceWithTheFirstCopy()
        case .feedEndDateChanges: try await feedContract.everyMoveOfTheEndDateIsRecorded()
        case .profileRules: try await profileContract.rulesAreKeptPerProfile()
        case .profileVisits: try await profileContract.aVisitEndsAfterThirtyQuietMinutes()
        case .profileFeedToken: try await profileContract.aNewFeedTokenRevokesTheOldOne()
        case .profileLinkCodes: try await profileContract.linkCodesWorkOnceForTenMinutes()
        case .profileImport: try await profileContract.anImportMergesMarksAndReplacesRules()
        case .profileNearbyArea: try await profileContract.theLastNearbyAreaIsKeptPerProfileBesideItsSettings()
        case .profileMarkLimit: try await profileContract.aProfileHoldsAtMostItsMarks()
        case .profileImportLimit: try await profileContract.repeatedImportsNeverTakeAProfilePastItsLimits()
        case .profileTextLimit: try await profileContract.notesTogetherStayWithinTheTextLimit()
        case .profileLinkCodeLimit: try await profileContract.aProfileHasAFewLiveLinkCodesAtMost()
        case .hooksAddAndRemove: try await hookContract.hooksAreAddedListedAndRemovedWithTheirEvents()
        case .hooksOfVisitors: try await hookContract.aVisitorsHooksAreTheirsAndFollowTheirRules()
        case .hooksVisitorLimits:
            try await hookContract.visitorsHooksAreLimitedPerProfileAndServerUnderParallelRequests()
        case .hooksVisitorEstablished:
            try await hookContract.aVisitorsHookNeedsAnEstablishedProfileAndRoomAtItsAddress()
        case .hooksPushDevices: try await hookContract.aPushDeviceNeedsNoWaitingProfileAndHasABudgetOfItsOwn()
        case .hooksSilentPushDevices: try await hookContract.pushDevicesSilentSinceATimeAreDropped()
        case .outboxExactlyOnce: try await hookContract.parallelClaimsGetEachEventExactlyOnce()
        case .outboxLeaseExpiry: try await hookContract.anExpiredLeaseIsClaimedAgainAndTheLateOutcomeIsFencedOff()
        case .outboxGiveUp: try await hookContract.aLeaseThatKeepsRunningOutIsGivenUpAfterTheLastAttempt()
        case .outboxOrder: try await hookContract.aHooksEventsAreClaimedInOrderAndWaitBehindAPostponedOne()
        case .outboxRetryAndLog: try await hookContract.aFailureIsRetriedByThePolicyAndEveryAttemptIsLogged()
        case .discoverCacheRoundTrip: try await discoverContract.anAnswerIsReadBackWithItsBytesAndFetchTime()
        case .discoverCacheOverwrite: try await discoverContract.aNewAnswerReplacesTheOldOneAndItsFetchTime()
        case .discoverCacheUsage: try await discoverContract.requestsAreCountedByMonth()
        case .concurrentLinkCodeRedeem: try await concurrency.twoClientsRedeemingOneLinkCodeOneWins()
        case .concurrentOutboxDrainers: try await concurrency.concurrentDrainersDeliverEveryEventExactlyOnce()
        case .serverSecret: try await concurrency.theServerSecretIsMadeOnceAndKept()
        case .notificationPreferences:
            try await preferences.preferencesAreKeptPerProfileAndDefaultToThreeHoursAtOnce()
        case .outboxHold: try await preferences.aHeldEventWaitsWithoutHoldingUpTheHooksLaterOnes()
        case .remindersPerEndDate: try await preferences.remindersAreRaisedOncePerEndDateForHeartedGiveaways()
        case .storeOffersRoundTrip: try await offerContract.everyFieldSurvivesAndIdsAreHandedOutOnce()
        case .storeOffersLeftAndPerStore: try await offerContract.anOfferGoneIsKeptAsLeftAndEachStoreIsItsOwn()
        case .firstHandAnnounced: try await firstHand.aStoresOwnGiveawayIsAnnouncedOnceAndDelivered()
        case .firstHandFreeNow: try await firstHand.aHeartedAnnouncedGiveawayBringsFreeNowAtItsStart()
        case .firstHandNotTwice: try await firstHand.gamerPowerDoesNotAnnounceAgainWhatAStoreListedFirst()
        case .firstHandClaimedAnywhere: try await firstHand.aGameClaimedAnywhereIsLeftOutForAVisitorWhoseRulesSaySo()
        case .firstHandHeartedGame: try await firstHand.aGameHeartedOnGamesBringsFreeNowWhenItGoesFree()
        case .firstHandOwned: try await firstHand.aGameTheVisitorOwnsIsLeftOutWhenTheirRulesHideOwnedGames()
        case .libraryRoundTrip: try await libraryContract.listedGamesAreReplacedWholeAndKeptPerVisitor()
        case .librarySteamLink: try await libraryContract.aSteamLinkKeepsItsLastGoodReadAndForgetsAnotherProfilesGames()
        case .libraryHuge: try await libraryContract.aCollectorsThirtyThousandGamesAreOneWrite()
        case .liveLogOnceInOrder: try await liveContract.appendsAreKeptOnceInOrderAndReadBack()
        case .liveLogPruned: try await liveContract.oldEventsArePrunedAndNotReplayed()
        }
    }
}

/// Runs every repository contract against the SQLite implementations, in memory and in a WAL file.
@Suite struct SQLiteContractTests {
    @Test(arguments: SQLiteStore.allCases, ContractCheck.allCases)
    func contract(_ store: SQLiteStore, _ check: ContractCheck) async throws {
        let database = try store.open()
        try await check.run(
            feed: GiveawayFeedSQLRepository(database: database), log: SyncLogSQLRepository(database: database),
            marks: MarkSQLRepository(database: database), catalog: CatalogSQLRepository(database: database),
            profiles: ProfileSQLRepository(database: database), hooks: HookSQLRepository(database: database),
            discoverCache: DiscoverCacheSQLRepository(database: database), secrets: database,
            offers: StoreOfferSQLRepository(database: database), live: LiveEventSQLRepository(database: database),
            library: LibrarySQLRepository(database: database))
    }
}

/// The Discover cache's contract against the in-memory cache `RAWGTests` use, so that the stand-in behaves like
/// the real store.
@Suite struct MemoryDiscoverCacheContractTests {
    @Test func aStoredAnswerIsReadBack() async throws {
        try await DiscoverCacheContract(cache: MemoryDiscoverCache()).anAnswerIsReadBackWithItsBytesAndFetchTime()
    }

    @Test func aNewAnswerReplacesTheOld() async throws {
        try await DiscoverCacheContract(cache: MemoryDiscoverCache()).aNewAnswerReplacesTheOldOneAndItsFetchTime()
    }
}
