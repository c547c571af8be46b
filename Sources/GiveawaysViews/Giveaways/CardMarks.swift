import GiveawaysDomain

/// The visitor's marks on one card.
package struct CardMarks: Hashable, Sendable {
    package var isFavorite = false
    package var isClaimed = false
    package var isNotInterested = false
    /// First appeared after the visitor's previous visit.
    package var isNew = false
    /// Where the visitor owns the giveaway's game, if they do.
    package var ownedOn: OwnedSource?

    package init(
        isFavorite: Bool = false, isClaimed: Bool = false, isNotInterested: Bool = false, isNew: Bool = false
    ) {
        self.isFavorite = isFavorite
        self.isClaimed = isClaimed
        self.isNotInterested = isNotInterested
        self.isNew = isNew
    }
}

extension CardMarks {
    /// What `marks` say about giveaway `id`.
    package init(_ marks: VisitorMarks, giveaway id: Int, isNew: Bool = false) {
        let kinds = marks.kinds(onGiveaway: id)
        self.init(
            isFavorite: marks.has(.favorite, in: kinds), isClaimed: marks.has(.claimed, in: kinds),
            isNotInterested: marks.has(.notInterested, in: kinds), isNew: isNew)
    }
}
