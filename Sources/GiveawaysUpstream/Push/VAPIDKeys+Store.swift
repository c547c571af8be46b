import Foundation
import GiveawaysDomain

extension VAPIDKeys {
    /// The server's pair, made at first start and kept with its other secrets (both stores), the same for every
    /// instance on one database.
    public static func load(from store: any ServerSecretStore, at time: Date = Date()) async throws -> VAPIDKeys {
        // 32 random bytes are a valid P-256 scalar but for odds of about 2^-32; such a draw is made again.
        for _ in 0..<4 {
            if let keys = VAPIDKeys(privateKey: try await store.serverSecret(named: secretName, at: time)) {
                return keys
            }
            try await store.forgetServerSecret(named: secretName)
        }
        throw CancellationError()
    }
}
