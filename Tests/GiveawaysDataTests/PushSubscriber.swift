import Crypto
import Foundation
import GiveawaysUpstream

/// A browser's side of a push subscription for tests: its key pair and auth secret, and a decryptor for what the
/// push service hands it (RFC 8291, written from the RFC's receiver steps, apart from the sender's code).
struct PushSubscriber: Sendable {
    // Bytes: swift-crypto's key types are not `Sendable`.
    let scalar = P256.KeyAgreement.PrivateKey().rawRepresentation
    var key: P256.KeyAgreement.PrivateKey { try! P256.KeyAgreement.PrivateKey(rawRepresentation: scalar) }
    let auth = Data((0..<16).map { _ in UInt8.random(in: 0...255) })

    var keys: PushSubscriptionKeys {
        // Valid by construction.
        try! PushSubscriptionKeys(
            p256dh: Base64URL.encode(key.publicKey.x963Representation), auth: Base64URL.encode(auth))
    }

    struct Undecryptable: Error {}

    /// The plaintext of an `aes128gcm` body.
    func decrypt(_ body: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > 21 else { throw Undecryptable() }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        let senderKey = Data(bytes[21..<(21 + idLength)])
        let record = Data(bytes[(21 + idLength)...])
        let shared = try key.sharedSecretFromKeyAgreement(
            with: P256.KeyAgreement.PublicKey(x963Representation: senderKey))
        let prkKey = HKDF<SHA256>.extract(
            inputKeyMaterial: SymmetricKey(data: shared.withUnsafeBytes { Data($0) }), salt: auth)
        let ikm = HKDF<SHA256>.expand(
            pseudoRandomKey: prkKey,
            info: Data("WebPush: info".utf8) + [0] + key.publicKey.x963Representation + senderKey, outputByteCount: 32)
        let prk = HKDF<SHA256>.extract(inputKeyMaterial: ikm, salt: salt)
        let cek = HKDF<SHA256>.expand(
            pseudoRandomKey: prk, info: Data("Content-Encoding: aes128gcm".utf8) + [0], outputByteCount: 16)
        let nonce = HKDF<SHA256>.expand(
            pseudoRandomKey: prk, info: Data("Content-Encoding: nonce".utf8) + [0], outputByteCount: 12)
        let box = try AES.GCM.SealedBox(
            nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }), ciphertext: record.dropLast(16),
            tag: record.suffix(16))
        var plain = try AES.GCM.open(box, using: cek)
        while plain.last == 0 { plain.removeLast() }
        guard plain.last == 2 else { throw Undecryptable() }
        return plain.dropLast()
    }

    /// The decrypted JSON.
    func json(_ body: Data) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: decrypt(body)) as? [String: Any] ?? [:]
    }
}
