import Crypto
import Foundation
import GiveawaysData
import GiveawaysUpstream
import Testing

/// RFC 8291 payload encryption and RFC 8292 VAPID tokens, checked against the RFC's own vector and by verifying
/// with the public key.
@Suite struct WebPushCryptoTests {
    func bytes(_ text: String) throws -> Data { try #require(Base64URL.decode(text)) }

    @Test func encryptionMatchesRFC8291AppendixA() throws {
        let sender = try P256.KeyAgreement.PrivateKey(
            rawRepresentation: bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"))
        #expect(
            Base64URL.encode(sender.publicKey.x963Representation)
                == "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
        let body = try WebPushEncryption.encrypt(
            Data("When I grow up, I want to be a watermelon".utf8),
            receiverKey: bytes(
                "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"),
            authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"), salt: bytes("DGv6ra1nlYgDCS1FRnbzlw"), senderKey: sender)
        #expect(
            Base64URL.encode(body)
                == "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6T"
                + "lzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")
    }

    @Test func anOverlongPayloadOrABadKeyIsRefused() throws {
        let receiver = P256.KeyAgreement.PrivateKey().publicKey.x963Representation
        let auth = Data(repeating: 7, count: 16)
        #expect(throws: WebPushEncryption.Failure.tooLarge(bytes: 3073)) {
            try WebPushEncryption.encrypt(Data(repeating: 65, count: 3073), receiverKey: receiver, authSecret: auth)
        }
        #expect(throws: WebPushEncryption.Failure.badKey) {
            try WebPushEncryption.encrypt(Data("x".utf8), receiverKey: receiver.prefix(33), authSecret: auth)
        }
        #expect(throws: WebPushEncryption.Failure.badAuthSecret) {
            try WebPushEncryption.encrypt(Data("x".utf8), receiverKey: receiver, authSecret: auth.prefix(8))
        }
    }

    @Test func vapidTokenVerifiesWithThePublicKeyAndNamesTheOrigin() throws {
        let keys = VAPIDKeys()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let header = keys.authorization(
            for: try #require(URL(string: "https://fcm.googleapis.com:443/fcm/send/abc?x=1")),
            subject: "mailto:ops@example.org", now: now)
        let match = try #require(header.wholeMatch(of: /vapid t=([^,]+), k=([A-Za-z0-9_-]+)/))
        #expect(String(match.2) == keys.publicKeyText)
        let parts = match.1.split(separator: ".")
        try #require(parts.count == 3)
        let publicKey = try P256.Signing.PublicKey(x963Representation: bytes(String(match.2)))
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: bytes(String(parts[2])))
        #expect(publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
        #expect(!publicKey.isValidSignature(signature, for: Data("\(parts[0]).e30".utf8)))

        let head = try JSONSerialization.jsonObject(with: bytes(String(parts[0]))) as? [String: String]
        #expect(head == ["alg": "ES256", "typ": "JWT"])
        let claims = try #require(try JSONSerialization.jsonObject(with: bytes(String(parts[1]))) as? [String: Any])
        #expect(claims["aud"] as? String == "https://fcm.googleapis.com:443")
        #expect(claims["sub"] as? String == "mailto:ops@example.org")
        let exp = try #require(claims["exp"] as? Int)
        #expect(exp > Int(now.timeIntervalSince1970))
        #expect(TimeInterval(exp) - now.timeIntervalSince1970 <= VAPIDKeys.maximumLifetime)
    }

    @Test func aStoredKeyPairIsKeptUntilRotated() async throws {
        let database = try AppDatabase.inMemory()
        let first = try await VAPIDKeys.load(from: database)
        #expect(try await VAPIDKeys.load(from: database).publicKey == first.publicKey)
        try database.forgetServerSecret(named: VAPIDKeys.secretName)
        #expect(try await VAPIDKeys.load(from: database).publicKey != first.publicKey)
    }

    @Test func subscriptionKeysMustHaveTheirLengths() throws {
        let point = Base64URL.encode(P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let auth = Base64URL.encode(Data(repeating: 1, count: 16))
        let keys = try PushSubscriptionKeys(p256dh: point, auth: auth)
        #expect(PushSubscriptionKeys(secret: keys.secret) == keys)
        #expect(throws: PushSubscriptionKeys.Refusal.badP256dh) {
            try PushSubscriptionKeys(p256dh: String(point.dropLast(4)), auth: auth)
        }
        #expect(throws: PushSubscriptionKeys.Refusal.badAuth) {
            try PushSubscriptionKeys(p256dh: point, auth: Base64URL.encode(Data(repeating: 1, count: 15)))
        }
        #expect(WebPush.topic(giveawayID: Int.max).count <= 32)
    }
}
