import Foundation
import GiveawaysDomain
import Logging
import ServiceLifecycle

/// Reads every linked Steam library again once a day while the server runs: every ten minutes, the links not tried
/// for a day, twenty at most a round (Steam's calls share one budget per server, and the host pacer spaces them). A
/// failure is kept beside the last good read, which stays. SteamIDs are personal data: only counts are logged.
struct LibraryRefreshService: Service {
    let library: any LibraryRepository
    let steam: any SteamLibrarySource
    let clock: @Sendable () -> Date
    var interval: Duration = .seconds(600)
    var perRound = 20
    let logger: Logger

    static let age: TimeInterval = 86_400

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await refreshDue()
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// One round: reads the links due and keeps what Steam answered. Answers how many were read well.
    @discardableResult
    func refreshDue() async -> Int {
        let due: [(profile: ProfileID, steamID: String)]
        do {
            due = try await library.steamLinksDue(before: clock().addingTimeInterval(-Self.age), limit: perRound)
        } catch {
            logger.error("could not list the Steam libraries due", metadata: ["reason": "\(error)"])
            return 0
        }
        var read = 0
        var failed = 0
        for link in due where !Task.isCancelled {
            do {
                let games = try await steam.ownedGames(of: link.steamID)
                try await library.saveSteamGames(games, of: link.steamID, for: link.profile, at: clock())
                read += 1
            } catch let failure as SteamLibraryFailure {
                try? await library.saveSteamFailure(failure, of: link.steamID, for: link.profile, at: clock())
                failed += 1
            } catch {
                failed += 1
            }
        }
        if !due.isEmpty {
            logger.info("Steam libraries read again", metadata: ["read": "\(read)", "failed": "\(failed)"])
        }
        return read
    }
}
