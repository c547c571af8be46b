/// A store's failure as its callers see it, whatever database is behind it: the web answers a temporary one with
/// 503 ("nothing was written, try again"), never a 500, and knows no database's own error types.
public protocol StoreFailure: Error {
    /// The store could not be reached (or went away): nothing was written, and trying again later may work.
    var isTemporary: Bool { get }
}
