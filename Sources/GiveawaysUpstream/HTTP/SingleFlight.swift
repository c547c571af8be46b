/// Runs one piece of work per key at a time: a caller that asks for a key already being worked on waits for that
/// work's result instead of starting it again (twenty visitors opening the same map fetch each tile once, and the
/// same RAWG search asked by ten is one request).
public actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    public init() {}

    private var running: [Key: (task: Task<Value, Never>, waiters: Int)] = [:]

    /// `work`'s result for `key`, shared with every caller that asked while it ran.
    public func run(_ key: Key, _ work: @escaping @Sendable () async -> Value) async -> Value {
        if let entry = running[key] {
            running[key]?.waiters += 1
            return await entry.task.value
        }
        let task = Task { await work() }
        running[key] = (task, 1)
        let value = await task.value
        running[key] = nil
        return value
    }

    /// How many callers are waiting on `key` (for tests).
    public func waiters(for key: Key) -> Int { running[key]?.waiters ?? 0 }
}
