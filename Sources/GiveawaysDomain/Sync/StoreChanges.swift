import Foundation

/// Something one instance saved that every instance's pages show: a finished sync of a source, or one catalog
/// game's fetched detail. Told to the other instances sharing the store so they reload at once.
public enum StoreChange: Hashable, Sendable {
    case synced(SourceID)
    case catalogDetail(gameID: Int)
    /// The live stream's log has new events: every instance passes them on to its streams.
    case liveEvents

    /// The change as it travels between instances: `synced:gamerpower`, `detail:540`.
    public var payload: String {
        switch self {
        case .synced(let source): "synced:\(source.rawValue)"
        case .catalogDetail(let id): "detail:\(id)"
        case .liveEvents: "live:log"
        }
    }

    /// Reads a payload; `nil` for anything this release does not know (a newer instance's change, say).
    public init?(payload: String) {
        guard payload.utf8.count <= 64, let colon = payload.firstIndex(of: ":") else { return nil }
        let kind = payload[..<colon]
        let value = String(payload[payload.index(after: colon)...])
        switch kind {
        case "synced":
            guard let source = SourceID(rawValue: value) else { return nil }
            self = .synced(source)
        case "detail":
            guard let id = Int(value), id > 0 else { return nil }
            self = .catalogDetail(gameID: id)
        case "live" where value == "log":
            self = .liveEvents
        default: return nil
        }
    }
}

/// How instances sharing one store tell each other about changes. A notification can be lost (a dropped
/// connection), so followers also compare the store's `fingerprint` now and then.
public protocol StoreChangeChannel: Sendable {
    /// Whether other instances may share the store (PostgreSQL); `false` for a store only this process writes.
    var isShared: Bool { get }
    /// Tells every instance (this one included) about `change`. Best effort: never throws, never waits long.
    func announce(_ change: StoreChange) async
    /// Calls `received` with each change announced by any instance until the task is cancelled; with `nil` when
    /// changes may have been missed (the connection was lost and is back), so the follower reloads.
    func follow(_ received: @escaping @Sendable (StoreChange?) async -> Void) async
    /// A short text that changes whenever any instance saved what pages show (a sync, a catalog detail); `nil`
    /// when the store cannot say now.
    func fingerprint() async -> String?
}

/// The channel of a store only this process writes (SQLite): nobody to tell, nothing to follow.
public struct SoleStoreChanges: StoreChangeChannel {
    public init() {}

    public var isShared: Bool { false }

    public func announce(_ change: StoreChange) async {}

    public func follow(_ received: @escaping @Sendable (StoreChange?) async -> Void) async {
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }

    public func fingerprint() async -> String? { nil }
}
