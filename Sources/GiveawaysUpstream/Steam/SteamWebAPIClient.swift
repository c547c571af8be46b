import Foundation
import GiveawaysDomain
import Logging

/// Steam's Web API, for the owned games of a visitor's profile.
public enum SteamAPI: UpstreamAPI {
    public static let name = "Steam"
}

public typealias SteamError = UpstreamError<SteamAPI>

/// Reads a visitor's Steam library with the operator's Web API key (`--steam-key`): `ResolveVanityURL` for a custom
/// URL name, then `GetOwnedGames` with the apps' names and the free games played. The key is a query parameter of each
/// request and nothing else: redacted from log lines, and every failure is a `SteamLibraryFailure`, which carries no
/// text of Steam's. Paced like every upstream (one pacer per host for the whole server), answers up to 32 MB (a
/// collector's library is several).
public struct SteamWebAPIClient: SteamLibrarySource {
    private let http: UpstreamHTTP<SteamAPI>
    private let key: String

    public init(
        connections: HTTPConnections, baseURL: URL, key: String, timeout: Duration = .seconds(20),
        retryDelays: [Duration] = [.seconds(1)], logger: Logger = Logger(label: "steam")
    ) {
        http = UpstreamHTTP(
            baseURL: baseURL, connections: connections, timeout: timeout, maxBodyBytes: 32 * 1_048_576,
            retryDelays: retryDelays, totalBudget: .seconds(40), logger: logger, secrets: [key])
        self.key = key
    }

    public func steamID(for input: SteamProfileInput) async throws(SteamLibraryFailure) -> String {
        switch input {
        case .steamID(let id): return id
        case .vanity(let name):
            let body = try await get(
                "ISteamUser/ResolveVanityURL/v1/", [URLQueryItem(name: "vanityurl", value: name)])
            return try SteamDecoder.steamID(body)
        }
    }

    public func ownedGames(of steamID: String) async throws(SteamLibraryFailure) -> [OwnedGame] {
        guard SteamProfileInput.isSteamID(steamID) else { throw .noSuchName }
        let body = try await get(
            "IPlayerService/GetOwnedGames/v1/",
            [
                URLQueryItem(name: "steamid", value: steamID), URLQueryItem(name: "include_appinfo", value: "1"),
                URLQueryItem(name: "include_played_free_games", value: "1"),
                URLQueryItem(name: "format", value: "json"),
            ])
        return try SteamDecoder.ownedGames(body)
    }

    private func get(_ path: String, _ query: [URLQueryItem]) async throws(SteamLibraryFailure) -> Data {
        do {
            return try await http.get(path, query: query + [URLQueryItem(name: "key", value: key)]) {
                status, body throws(SteamError) in
                switch status {
                case 200..<300: return body
                case 401, 403: throw .badStatus(status, "the key was refused")
                case 429: throw .throttled
                default: throw .badStatus(status, "")
                }
            }
        } catch {
            switch error {
            case .badStatus(401, _), .badStatus(403, _): throw .refusedKey
            case .throttled: throw .throttled
            default: throw .unavailable
            }
        }
    }
}

/// Steam's answers, read defensively: what a field should hold and does not is skipped, not trusted.
public enum SteamDecoder {
    /// The SteamID64 of `ResolveVanityURL`'s answer; "no match" (`success` 42) is `noSuchName`.
    public static func steamID(_ body: Data) throws(SteamLibraryFailure) -> String {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let response = object["response"] as? [String: Any]
        else { throw .unavailable }
        if let id = response["steamid"] as? String, SteamProfileInput.isSteamID(id),
            (response["success"] as? Int ?? 1) == 1
        {
            return id
        }
        if response["success"] as? Int == 42 { throw .noSuchName }
        throw .unavailable
    }

    /// The games of `GetOwnedGames`' answer. `{"response":{}}` (no `game_count`) is a profile whose game details are
    /// not public; `game_count` 0 is an empty library. A game without a name keeps its app id (it still matches a
    /// Steam giveaway); one without an app id is skipped; past `OwnedLibrary.maxGames` the rest is left out.
    public static func ownedGames(_ body: Data) throws(SteamLibraryFailure) -> [OwnedGame] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let response = object["response"] as? [String: Any]
        else { throw .unavailable }
        guard response["game_count"] != nil || response["games"] != nil else { throw .privateGames }
        let entries = response["games"] as? [Any] ?? []
        var games: [OwnedGame] = []
        games.reserveCapacity(min(entries.count, OwnedLibrary.maxGames))
        for case let entry as [String: Any] in entries {
            guard games.count < OwnedLibrary.maxGames else { break }
            guard let appID = (entry["appid"] as? Int) ?? (entry["appid"] as? String).flatMap(Int.init), appID > 0
            else { continue }
            let name = (entry["name"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            games.append(
                OwnedGame(title: name.isEmpty ? "Steam app \(appID)" : name, steamAppID: appID, source: .steam))
        }
        return games
    }
}
