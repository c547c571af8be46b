import Foundation
import GiveawaysDomain
import GiveawaysTestSupport
import Testing

/// The part of the `MarkRepository` and `ProfileRepository` contracts that keeps one profile bounded: whichever
/// write comes (a click, a note, an import), a profile never holds more than `ProfileLimits`.
extension ProfileContract {
    /// `count` favorites on giveaways `first…`, as an export file would carry them.
    func favorites(_ count: Int, from first: Int = 1, text: String? = nil) -> ProfileExport {
        ProfileExport(
            marks: (first..<first + count).map {
                Mark(subject: .giveaway($0), kind: .favorite, text: text, createdAt: now, updatedAt: now)
            },
            rules: .none)
    }

    func aProfileHoldsAtMostItsMarks() async throws {
        try await profiles.importProfile(favorites(ProfileLimits.marks), into: alice, at: now)
        #expect(try await marks.marks(of: alice).all.count == ProfileLimits.marks)
        // A new mark of any kind is refused; nothing is written.
        await #expect(throws: ProfileFull.marks) {
            try await marks.setMark(.claimed, on: .giveaway(1), profile: alice, text: nil, at: now)
        }
        await #expect(throws: ProfileFull.marks) {
            try await marks.setMark(.note, on: .game(7), profile: alice, text: "hi", at: now)
        }
        #expect(try await marks.marks(of: alice).all.count == ProfileLimits.marks)
        // A mark already there may be set again; removing one makes room for one.
        try await marks.setMark(.favorite, on: .giveaway(1), profile: alice, text: nil, at: now)
        try await marks.removeMark(.favorite, on: .giveaway(2), profile: alice)
        try await marks.setMark(.claimed, on: .giveaway(1), profile: alice, text: nil, at: now)
        #expect(try await marks.marks(of: alice).all.count == ProfileLimits.marks)
        // Another profile is not affected.
        try await marks.setMark(.favorite, on: .giveaway(1), profile: bob, text: nil, at: now)
    }

    func repeatedImportsNeverTakeAProfilePastItsLimits() async throws {
        let half = ProfileLimits.marks / 2
        try await profiles.importProfile(favorites(half), into: bob, at: now)
        // The same file again adds nothing, so it is welcome.
        try await profiles.importProfile(favorites(half), into: bob, at: now)
        // Files whose new marks would overflow are refused whole, however often they come.
        for round in 1...4 {
            await #expect(throws: ProfileFull.marks) {
                try await profiles.importProfile(favorites(half + 1, from: round * 100_000), into: bob, at: now)
            }
            #expect(try await marks.marks(of: bob).all.count == half, "round \(round): nothing of it was kept")
        }
        // What fits goes in, up to the limit exactly.
        try await profiles.importProfile(favorites(ProfileLimits.marks - half, from: 900_000), into: bob, at: now)
        #expect(try await marks.marks(of: bob).all.count == ProfileLimits.marks)
        // Text counts too: a file of notes past the text limit is refused whole.
        let note = String(repeating: "n", count: 4000)
        let notes = ProfileExport(
            marks: (1...(ProfileLimits.textBytes / 4000 + 1)).map {
                Mark(subject: .game($0), kind: .note, text: note, createdAt: now, updatedAt: now)
            },
            rules: .none)
        await #expect(throws: ProfileFull.text) { try await profiles.importProfile(notes, into: alice, at: now) }
        #expect(try await marks.marks(of: alice).isEmpty)
    }

    func notesTogetherStayWithinTheTextLimit() async throws {
        let note = String(repeating: "ü", count: 2000)  // 4,000 bytes in UTF-8
        let fitting = ProfileLimits.textBytes / 4000
        try await profiles.importProfile(
            ProfileExport(
                marks: (1...fitting).map {
                    Mark(subject: .game($0), kind: .note, text: note, createdAt: now, updatedAt: now)
                },
                rules: .none),
            into: alice, at: now)
        await #expect(throws: ProfileFull.text) {
            try await marks.setMark(.note, on: .game(fitting + 1), profile: alice, text: note, at: now)
        }
        // Growing a note past the limit is refused; shrinking one, or replacing it with as much text, is not.
        await #expect(throws: ProfileFull.text) {
            try await marks.setMark(.note, on: .game(1), profile: alice, text: note + note, at: now)
        }
        try await marks.setMark(.note, on: .game(1), profile: alice, text: String(note.reversed()), at: now)
        try await marks.setMark(.note, on: .game(2), profile: alice, text: "short", at: now)
        try await marks.setMark(.note, on: .game(fitting + 1), profile: alice, text: "also short", at: now)
        let total = try await marks.marks(of: alice).all.reduce(0) { $0 + ($1.text?.utf8.count ?? 0) }
        #expect(total <= ProfileLimits.textBytes)
    }

    func aProfileHasAFewLiveLinkCodesAtMost() async throws {
        var codes: [LinkCode] = []
        for _ in 0..<ProfileLimits.liveLinkCodes {
            codes.append(try await profiles.createLinkCode(for: alice, at: now))
        }
        await #expect(throws: ProfileFull.linkCodes) { _ = try await profiles.createLinkCode(for: alice, at: now) }
        // Bob is not affected; a used code, and expired ones, make room again.
        _ = try await profiles.createLinkCode(for: bob, at: now)
        #expect(try await profiles.redeemLinkCode(codes[0], at: now) == .success(alice))
        _ = try await profiles.createLinkCode(for: alice, at: now)
        await #expect(throws: ProfileFull.linkCodes) { _ = try await profiles.createLinkCode(for: alice, at: now) }
        let later = now.addingTimeInterval(LinkCode.lifetime)
        for _ in 0..<ProfileLimits.liveLinkCodes {
            _ = try await profiles.createLinkCode(for: alice, at: later)
        }
        await #expect(throws: ProfileFull.linkCodes) { _ = try await profiles.createLinkCode(for: alice, at: later) }
    }
}
