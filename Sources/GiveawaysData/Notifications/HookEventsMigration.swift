/// Hook event lists written by an earlier release, brought up to date by one statement both schemas run
/// (SQLite's v16, PostgreSQL's 8).
enum HookEventsMigration {
    /// Every hook that asked for `back` (a hearted giveaway's news: Settings' "hearted" box, every push
    /// subscription) now also gets `started`, a hearted announced giveaway going free. The list stays sorted
    /// (`started` sorts last of the events).
    static let started = """
        UPDATE hook SET events = events || ',started'
        WHERE (',' || events || ',') LIKE '%,back,%' AND (',' || events || ',') NOT LIKE '%,started,%'
        """
}
