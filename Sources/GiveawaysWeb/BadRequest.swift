/// A request the app cannot answer because of what it asked for (a bad filter value): a 400 page or JSON error
/// with this message. Thrown by code that does not know about HTTP.
struct BadRequest: Error, Hashable, CustomStringConvertible {
    let message: String

    var description: String { message }
}
