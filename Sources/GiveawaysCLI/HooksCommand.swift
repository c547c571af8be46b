import ArgumentParser
import Foundation
import GiveawaysData
import GiveawaysDomain
import GiveawaysUpstream
import GiveawaysWeb

extension HookFormat: ExpressibleByArgument {
    /// What `--format` takes: the bodies a URL receives. Telegram and Apprise have their own options, and a Web Push
    /// subscription only ever comes from a browser (its keys with it), so neither is a `--format`.
    public init?(argument: String) {
        guard let format = HookFormat(rawValue: argument), Self.urlFormats.contains(format) else { return nil }
        self = format
    }

    public static var allValueStrings: [String] { urlFormats.map(\.rawValue) }

    static let urlFormats: [HookFormat] = [.discord, .ntfy, .json]
}

/// `giveaways hooks`: webhooks told about new, ending and changed giveaways.
struct HooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hooks",
        abstract: "Webhooks (Discord, ntfy, signed JSON) told about new, ending and changed giveaways.",
        discussion: """
            `giveaways serve` delivers them (retrying after 1 min, 5 min, 30 min and 2 h, then giving up); \
            `giveaways sync` leaves the events it raises in the store for the server to send.
            """,
        subcommands: [Add.self, List.self, Remove.self, Test.self, Log.self]
    )

    /// `giveaways hooks add URL`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a webhook.",
            discussion: """
                Only giveaways first seen after the hook is added raise `new` (the current feed is not sent). \
                Private, loopback and link-local addresses are refused unless --allow-private-hooks is given here \
                and to `serve` (or GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1).
                """)

        @Argument(
            help: """
                The http(s) URL to POST to (for ntfy: the topic's URL, e.g. https://ntfy.sh/my-topic). Not with \
                --telegram-chat or --apprise.
                """)
        var url: String?

        @OptionGroup var channels: HookChannelOptions

        @Option(help: "The body: a Discord message, an ntfy publish, or the giveaway as JSON.")
        var format: HookFormat = .json

        @Option(
            help: """
                Signs each body: X-Giveaways-Signature: sha256=<hex HMAC-SHA256>. Never shown afterwards \
                (env GIVEAWAYS_HOOK_SECRET keeps it out of the shell's history).
                """)
        var secret: String?

        @Option(help: "Only giveaways on this platform (slug, e.g. steam); repeat or separate with commas.")
        var platform: [String] = []

        @Option(help: "Only this type: game, loot or beta; repeat for several.")
        var type: [TypeFilter] = []

        @Option(help: "Only giveaways worth at least this many dollars (e.g. 5 or 4.99).")
        var minWorth: String?

        @Option(help: "Leave out giveaways whose title contains this word or phrase; repeat for several.")
        var excludeKeyword: [String] = []

        @Option(help: "Which events, comma-separated, of new, ending and changed.")
        var events: String = "new,ending,changed"

        @Flag(help: "Accept a loopback or private address (env GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1).")
        var allowPrivateHooks = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let hook: Hook
            do {
                hook = try makeHook(now: store.currentTime())
            } catch {
                Console.error("\(error)")
                throw ExitStatus.usage
            }
            let added = try await store.openStore().hooks.addHook(hook)
            Console.print(
                "Added hook \(added.id): \(added.format.rawValue) → \(added.redactedURL)"
                    + (added.secret == nil ? "" : " (secret set)"))
            Console.print(
                "It is told only about giveaways first seen from now on"
                    + (added.baselineAt == nil ? " (the first sync sets the starting point)." : ".")
                    + " `giveaways serve` delivers; `giveaways sync` leaves events for it.")
        }

        private func makeHook(now: Date) throws -> Hook {
            let chosen = try chosenEvents()
            if let hook = try channels.hook(url: url, events: chosen, now: now, allowPrivate: allowPrivateHooks) {
                return hook
            }
            guard let url, let parsed = URL(string: url) else {
                throw ValidationError("name the hook's URL, or use --telegram-chat or --apprise")
            }
            try HookAddress.validateShape(parsed)
            if !(Settings.allowPrivateHooks.isOn(flag: allowPrivateHooks)) {
                try HookAddress.validateLiteral(parsed)
            }
            if format == .ntfy, parsed.path.split(separator: "/").isEmpty {
                throw ValidationError("an ntfy hook URL names the topic: https://ntfy.sh/your-topic")
            }
            var rules = GiveawayRules()
            for slug in platform.flatMap({ $0.split(separator: ",") }).map({ String($0).trimmed }) where !slug.isEmpty {
                guard let valid = try Platform.validatedFilter(slug, slugsInData: []) else { continue }
                rules.platforms.insert(valid)
            }
            rules.types = Set(type)
            if let minWorth {
                guard let worth = Worth(upstreamText: minWorth) else {
                    throw ValidationError("--min-worth '\(minWorth)' is not an amount of dollars (e.g. 5 or 4.99)")
                }
                rules.minimumWorth = worth
            }
            rules.blockedKeywords = GiveawayRules.keywords(from: excludeKeyword.joined(separator: "\n"))
            guard rules.blockedKeywords.count <= GiveawayRules.maximumKeywords,
                rules.blockedKeywords.allSatisfy({ $0.count <= GiveawayRules.maximumKeywordLength })
            else {
                throw ValidationError(
                    "at most \(GiveawayRules.maximumKeywords) --exclude-keyword values, each at most \(GiveawayRules.maximumKeywordLength) characters"
                )
            }
            let secret = try Settings.hookSecret.value(text: secret)
            return Hook(url: parsed, format: format, secret: secret, rules: rules, events: chosen, createdAt: now)
        }

        private func chosenEvents() throws -> Set<HookEvent> {
            var chosen = Set<HookEvent>()
            for name in events.split(separator: ",").map({ String($0).trimmed }) where !name.isEmpty {
                guard let event = HookEvent(rawValue: name.lowercased()) else {
                    throw ValidationError("unknown event '\(name)'; events are new, ending and changed")
                }
                chosen.insert(event)
            }
            guard !chosen.isEmpty else { throw ValidationError("--events names no event (new, ending, changed)") }
            return chosen
        }
    }

    /// `giveaways hooks list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the webhooks (URLs shortened, secrets hidden).")

        @Flag(
            help: """
                Only visitors' hooks (Settings → Notifications), with their profile, its age and the client \
                address each was added from.
                """)
        var visitors = false

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let repository = try await store.openStore().hooks
            if visitors {
                try await listVisitors(repository)
                return
            }
            let hooks = try await repository.hooks()
            guard !hooks.isEmpty else {
                Console.print("No hooks. Add one with `giveaways hooks add URL`.")
                return
            }
            var rows: [[String]] = []
            for hook in hooks {
                let counts = try await repository.eventCounts(hook: hook.id)
                rows.append([
                    String(hook.id), hook.format.rawValue, hook.redactedURL,
                    hook.events.sorted().map(\.rawValue).joined(separator: ","), TextTable.clip(hook.rules.summary, 72),
                    HookChannelOptions.secretColumn(hook), hook.profileID == nil ? "operator" : "a visitor",
                    "\(counts["pending", default: 0] + counts["sending", default: 0] + counts["held", default: 0]) waiting, "
                        + "\(counts["delivered", default: 0]) sent, \(counts["failed", default: 0]) gave up",
                ])
            }
            Console.print(
                TextTable.render(
                    header: ["ID", "FORMAT", "URL", "EVENTS", "RULES", "SECRET", "OWNER", "OUTBOX"], rows: rows,
                    rightAligned: [0]))
        }

        private func listVisitors(_ repository: any HookRepository) async throws {
            let hooks = try await repository.visitorHooks()
            guard !hooks.isEmpty else {
                Console.print("No visitors' hooks.")
                return
            }
            let rows = hooks.map { entry in
                [
                    String(entry.hook.id), entry.hook.format.rawValue, entry.hook.redactedURL,
                    // The start of the profile id tells one profile's hooks from another's; the whole id is the
                    // visitor's identity and stays out of the terminal.
                    entry.hook.profileID.map { String($0.rawValue.prefix(8)) + "…" } ?? "-",
                    entry.profileCreatedAt.map(Timestamp.format) ?? "-", Timestamp.format(entry.hook.createdAt),
                    entry.clientAddress ?? "unknown",
                ]
            }
            Console.print(
                TextTable.render(
                    header: ["ID", "FORMAT", "URL", "PROFILE", "PROFILE SINCE", "ADDED", "FROM"], rows: rows,
                    rightAligned: [0]))
            Console.print("\(hooks.count) visitors' hooks. Remove some with `giveaways hooks remove ID…`.")
        }
    }

    /// `giveaways hooks remove ID`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove webhooks (the operator's or visitors'), their waiting events and their log.")

        @Argument(help: "The hooks' ids (see `giveaways hooks list`, `giveaways hooks list --visitors`).")
        var ids: [Int]

        @OptionGroup var store: StoreOptions

        func validate() throws {
            guard !ids.isEmpty else { throw ValidationError("name at least one hook id") }
        }

        func run() async throws {
            let repository = try await store.openStore().hooks
            var missing: [Int] = []
            for id in ids {
                if try await repository.removeHook(id: id) {
                    Console.print("Removed hook \(id).")
                } else {
                    missing.append(id)
                }
            }
            guard missing.isEmpty else {
                Console.error("no hook " + missing.map(String.init).joined(separator: ", "))
                throw ExitStatus.notFound
            }
        }
    }

    /// `giveaways hooks test ID`.
    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send one sample delivery to a webhook now and say how it went (exit 1 if it failed).")

        @Argument(help: "The hook's id.")
        var id: Int

        @Flag(help: "Accept a loopback or private address (env GIVEAWAYS_ALLOW_PRIVATE_HOOKS=1).")
        var allowPrivateHooks = false

        @Option(help: "Seconds to wait for the receiver (default 10).")
        var timeout: Double = 10

        @Option(
            name: .customLong("telegram-api-url"),
            help: "Telegram's Bot API (env GIVEAWAYS_TELEGRAM_API_URL; default https://api.telegram.org).")
        var telegramAPIURL: String?

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let database = try await store.openStore()
            let repository = database.hooks
            guard let hook = try await repository.hook(id: id) else {
                Console.error("no hook \(id)")
                throw ExitStatus.notFound
            }
            let now = store.currentTime()
            let feed = try await database.repositories.feed.giveawaysInFeed()
            let sample = feed.first { $0.isLive(at: now) } ?? DemoGiveaways.make(now: now)[0]
            let telegramAPI = try Settings.telegramAPIURL.value(text: telegramAPIURL)
            let attempt = try await HTTPConnections.using { connections in
                var worker = HookDeliveryWorker(
                    repository: repository,
                    sender: HookSender(
                        connections: connections,
                        allowPrivate: Settings.allowPrivateHooks.isOn(flag: allowPrivateHooks),
                        timeout: .milliseconds(Int(max(0.1, timeout) * 1000))),
                    clock: { now }, logger: store.makeLogger(label: "hooks"))
                worker.channels = HookChannels(telegramAPI: telegramAPI)
                return try await worker.sendTest(to: hook, sample: sample)
            }
            if attempt.succeeded {
                Console.print("Test delivery to hook \(id) (\(hook.redactedURL)): HTTP \(attempt.status ?? 0).")
            } else {
                Console.error("test delivery to hook \(id) (\(hook.redactedURL)) failed: \(attempt.error ?? "unknown")")
                throw ExitCode.failure
            }
        }
    }

    /// `giveaways hooks log [ID]`.
    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Recent delivery attempts, newest first.")

        @Argument(help: "Only this hook's deliveries.")
        var id: Int?

        @Option(help: "How many attempts to show (default 30).")
        var limit: Int = 30

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let attempts = try await store.openStore().hooks
                .deliveries(hook: id, limit: max(1, limit))
            guard !attempts.isEmpty else {
                Console.print("No deliveries yet.")
                return
            }
            let rows = attempts.map { attempt in
                [
                    Timestamp.format(attempt.at), String(attempt.hookID), String(attempt.giveawayID), attempt.event,
                    String(attempt.attempt),
                    attempt.succeeded ? "HTTP \(attempt.status ?? 0)" : TextTable.clip(attempt.error ?? "failed", 60),
                    attempt.succeeded
                        ? "delivered"
                        : attempt.gaveUp
                            ? "gave up" : attempt.nextAttemptAt.map { "retry \(Timestamp.format($0))" } ?? "-",
                ]
            }
            Console.print(
                TextTable.render(
                    header: ["TIME", "HOOK", "GIVEAWAY", "EVENT", "TRY", "RESULT", "NEXT"], rows: rows,
                    rightAligned: [1, 2, 4]))
        }
    }
}

/// A hook's rules in a few words, for `hooks list`.
extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
