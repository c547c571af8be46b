import GiveawaysDomain

extension BadRequest {
    /// A profile limit that the store refused a write for, said in the page's language (400): whichever route
    /// wrote, the visitor reads which limit and what to do.
    package init(_ full: ProfileFull) {
        switch full {
        case .marks: self.init { $0.errors.profileFullMarks($0.number(ProfileLimits.marks)) }
        case .text: self.init { $0.errors.profileFullText(Self.textLimit) }
        case .linkCodes: self.init { $0.errors.profileFullLinkCodes(ProfileLimits.liveLinkCodes) }
        }
    }

    /// An import refused whole because it would take the profile past a limit.
    package static func importOverLimit() -> BadRequest {
        BadRequest { $0.errors.importOverLimit($0.number(ProfileLimits.marks), textLimit) }
    }

    /// `ProfileLimits.textBytes` in words: "1 MB".
    package static var textLimit: String { "\(ProfileLimits.textBytes / 1_048_576) MB" }
}
