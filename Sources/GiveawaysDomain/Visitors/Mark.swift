import Foundation

/// Something a visitor can mark: a giveaway or a catalog game. Kind plus id, so one table holds all.
public struct MarkSubject: Hashable, Sendable {
    /// The kinds of things that can carry marks.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case giveaway
        /// A FreeToGame catalog game.
        case game
        /// A RAWG genre (Discover).
        case genre
        /// A RAWG game (Games): hearted, it is kept in Favorites with its card (`KeptGame`).
        case rawgGame = "rawg_game"
    }

    public let kind: Kind
    public let id: Int

    public init(kind: Kind, id: Int) {
        self.kind = kind
        self.id = id
    }

    /// A GamerPower giveaway.
    public static func giveaway(_ id: Int) -> MarkSubject { MarkSubject(kind: .giveaway, id: id) }

    /// A catalog game.
    public static func game(_ id: Int) -> MarkSubject { MarkSubject(kind: .game, id: id) }

    /// A RAWG game.
    public static func rawgGame(_ id: Int) -> MarkSubject { MarkSubject(kind: .rawgGame, id: id) }
}

/// What a mark says about its subject. A new kind needs no new table or repository method.
public enum MarkKind: String, Hashable, Sendable, CaseIterable {
    /// Hearted: kept on the Favorites page.
    case favorite
    /// A visitor's own notes on a game (the mark's text).
    case note
    /// Hidden from the catalog and its search for this visitor, until restored.
    case hidden
    /// The Discover genre this visitor chose (one at most; the text is its slug).
    case chosenGenre
    /// A giveaway this visitor already claimed.
    case claimed
    /// A giveaway this visitor does not care about.
    case notInterested = "not_interested"
}

/// One mark of one visitor profile on one subject.
public struct Mark: Hashable, Sendable {
    public var subject: MarkSubject
    public var kind: MarkKind
    /// Free text for kinds that carry some (notes); `nil` for plain on/off marks.
    public var text: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(subject: MarkSubject, kind: MarkKind, text: String? = nil, createdAt: Date, updatedAt: Date) {
        self.subject = subject
        self.kind = kind
        self.text = text
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Every mark of one profile, indexed for pages: "is this giveaway a favorite?" without a scan.
public struct VisitorMarks: Hashable, Sendable {
    /// Most recently set first.
    public let all: [Mark]
    private let index: [Key: Mark]
    /// The kinds marked on each giveaway, as bits by `MarkKind` case: a card's marks in one look-up by id.
    private let giveawayKinds: [Int: UInt16]
    /// A hash of `all`, worked out once when the marks are read: a personal page's validator hashes the visitor's
    /// marks on every request, and a profile may hold thousands of them.
    private let digest: Int

    private struct Key: Hashable {
        let subject: MarkSubject
        let kind: MarkKind
    }

    /// The ids marked with one kind on one kind of subject, most recently marked first: a page asks for a list
    /// ("the games this visitor hid", "their favorites") on every request, and a scan of thousands of marks each
    /// time is what a profile with many marks would pay.
    private let idsByKind: [KindOfSubject: [Int]]

    private struct KindOfSubject: Hashable {
        let kind: MarkKind
        let subjectKind: MarkSubject.Kind
    }

    public init(_ marks: [Mark]) {
        all = marks
        index = Dictionary(marks.map { (Key(subject: $0.subject, kind: $0.kind), $0) }) { first, _ in first }
        var kinds: [Int: UInt16] = [:]
        for mark in marks where mark.subject.kind == .giveaway {
            kinds[mark.subject.id, default: 0] |= Self.bit(mark.kind)
        }
        giveawayKinds = kinds
        var ids: [KindOfSubject: [Int]] = [:]
        for mark in marks {
            ids[KindOfSubject(kind: mark.kind, subjectKind: mark.subject.kind), default: []].append(mark.subject.id)
        }
        idsByKind = ids
        var hasher = Hasher()
        hasher.combine(marks)
        digest = hasher.finalize()
    }

    /// The same marks in the same order (the index is made of them).
    public static func == (lhs: VisitorMarks, rhs: VisitorMarks) -> Bool {
        lhs.digest == rhs.digest && lhs.all == rhs.all
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    /// A profile without marks (or a visitor without a profile).
    public static let none = VisitorMarks([])

    public var isEmpty: Bool { all.isEmpty }

    public func has(_ kind: MarkKind, on subject: MarkSubject) -> Bool {
        if subject.kind == .giveaway { return has(kind, in: kinds(onGiveaway: subject.id)) }
        return index[Key(subject: subject, kind: kind)] != nil
    }

    /// Every kind marked on giveaway `id`, for `has(_:in:)`; one look-up.
    public func kinds(onGiveaway id: Int) -> UInt16 {
        giveawayKinds.isEmpty ? 0 : giveawayKinds[id] ?? 0
    }

    /// Whether `kinds` (from `kinds(onGiveaway:)`) holds `kind`.
    public func has(_ kind: MarkKind, in kinds: UInt16) -> Bool {
        kinds & Self.bit(kind) != 0
    }

    private static func bit(_ kind: MarkKind) -> UInt16 {
        let ordinal: Int =
            switch kind {
            case .favorite: 0
            case .note: 1
            case .hidden: 2
            case .chosenGenre: 3
            case .claimed: 4
            case .notInterested: 5
            }
        return 1 << ordinal
    }

    /// The mark of `kind` on `subject`, with its text and times.
    public func mark(_ kind: MarkKind, on subject: MarkSubject) -> Mark? {
        index[Key(subject: subject, kind: kind)]
    }

    /// The ids of the subjects of one kind that carry `kind`, most recently marked first.
    public func ids(_ kind: MarkKind, of subjectKind: MarkSubject.Kind) -> [Int] {
        idsByKind[KindOfSubject(kind: kind, subjectKind: subjectKind)] ?? []
    }
}
