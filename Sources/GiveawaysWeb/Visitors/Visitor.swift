import Foundation
import GiveawaysDomain
import GiveawaysViews

/// One visitor as the pages see them: their marks, their rules and when their previous visit ended. A browser
/// without a profile is `.anonymous` and gets the shared rendered pages.
struct Visitor: Sendable {
    let profile: ProfileID?
    let marks: VisitorMarks
    let settings: ProfileSettings
    /// The games the visitor owns (their Steam library, their imported lists).
    var library = OwnedLibrary.empty

    static let anonymous = Visitor(profile: nil, marks: .none, settings: .none)

    var rules: GiveawayRules { settings.rules }

    /// Whether `stored` first appeared after this visitor's previous visit ended.
    func isNew(_ stored: StoredGiveaway) -> Bool {
        guard let since = settings.previousVisitEndedAt else { return false }
        return stored.history.firstSeenAt > since
    }

    /// Whether the pages this visitor sees differ from everyone else's: marks, rules, or "new" badges to show.
    func seesPersonalPages(_ snapshot: ReadModelSnapshot) -> Bool {
        if !marks.isEmpty || !rules.isEmpty || !library.isEmpty { return true }
        guard settings.previousVisitEndedAt != nil else { return false }
        return snapshot.giveaways.contains { giveaway in snapshot.stored[giveaway.id].map(isNew) ?? false }
    }

    /// The marks a card shows for `giveaway`.
    func cardMarks(_ giveaway: Giveaway, stored: StoredGiveaway?) -> CardMarks {
        var card = CardMarks(marks, giveaway: giveaway.id, isNew: stored.map(isNew) ?? false)
        card.ownedOn = library.owns(giveaway)
        return card
    }
}

/// Reads who is visiting: marks and settings of the browser's profile, and records the page view as a visit.
struct VisitorReader: Sendable {
    let marks: any MarkRepository
    let profiles: any ProfileRepository
    /// What visitors own; `nil` reads none.
    var library: (any LibraryRepository)? = nil

    /// - Parameter recordingVisit: page views of the giveaway pages count as visits; forms and JSON do not.
    func visitor(_ context: AppRequestContext, at now: Date, recordingVisit: Bool = true) async throws -> Visitor {
        guard let profile = context.profile else { return .anonymous }
        let settings =
            recordingVisit
            ? try await profiles.recordVisit(of: profile, at: now) : try await profiles.settings(of: profile)
        var visitor = Visitor(profile: profile, marks: try await marks.marks(of: profile), settings: settings)
        if let library { visitor.library = try await library.library(of: profile) }
        return visitor
    }
}
