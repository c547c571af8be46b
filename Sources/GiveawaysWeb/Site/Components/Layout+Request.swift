import GiveawaysHTML
import GiveawaysLocalization
import Hummingbird

extension Layout {
    /// The shell of the page that answers `request`, in the request's language, with the language switch coming
    /// back to this address.
    init(
        _ request: Request, _ context: AppRequestContext, title: String, section: Section?, content: HTML,
        description: String? = nil, headLinks: HTML = .empty
    ) {
        self.init(
            strings: context.strings, path: Language.returnPath(of: request), title: title, section: section,
            content: content, description: description, headLinks: headLinks)
    }
}
