import Foundation

/// A browser subscription's keys (`PushSubscription.getKey`): the `p256dh` public key messages are encrypted to and
/// the `auth` secret mixed into the key. Kept in its `webpush` hook's secret as `<p256dh>.<auth>` (base64url), never
/// shown.
public struct PushSubscriptionKeys: Hashable, Sendable {
    public let p256dh: Data
    public let auth: Data

    /// Why a subscription's keys are refused.
    public enum Refusal: Error, Hashable {
        case badP256dh
        case badAuth
    }

    /// From the browser's base64url texts: `p256dh` must be an uncompressed P-256 point (65 bytes), `auth` 16 bytes.
    public init(p256dh: String, auth: String) throws(Refusal) {
        guard p256dh.count <= 100, let key = Base64URL.decode(p256dh), key.count == 65, key.first == 0x04 else {
            throw .badP256dh
        }
        guard auth.count <= 40, let secret = Base64URL.decode(auth), secret.count == 16 else { throw .badAuth }
        self.p256dh = key
        self.auth = secret
    }

    /// The keys a hook's secret holds, or `nil` when it holds none.
    public init?(secret: String?) {
        guard let parts = secret?.split(separator: "."), parts.count == 2,
            let keys = try? PushSubscriptionKeys(p256dh: String(parts[0]), auth: String(parts[1]))
        else { return nil }
        self = keys
    }

    /// How the hook's secret keeps them.
    public var secret: String { Base64URL.encode(p256dh) + "." + Base64URL.encode(auth) }
}
