import Crypto
import Foundation

/// RFC 8291 message encryption for Web Push: one `aes128gcm` record (RFC 8188) keyed by ECDH between a fresh
/// sender key pair and the subscription's `p256dh` key, mixed with its `auth` secret. Built from swift-crypto's
/// P-256, HKDF and AES-GCM; nothing here is a primitive of its own.
public enum WebPushEncryption {
    /// The largest plaintext sent: RFC 8030 push services must take 4,096 bytes of body, and 3 KB keeps the
    /// record (plus the 86-byte header, padding delimiter and tag) well inside it.
    public static let maximumPlaintext = 3 * 1024
    /// The record size written in the header: one record holds any payload we send.
    static let recordSize: UInt32 = 4096

    /// Why a message cannot be encrypted.
    public enum Failure: Error, Hashable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case badKey
        case badAuthSecret

        public var description: String {
            switch self {
            case .tooLarge(let bytes): "the push payload is \(bytes) bytes; at most \(maximumPlaintext) are sent"
            case .badKey: "the subscription's p256dh key is not an uncompressed P-256 point"
            case .badAuthSecret: "the subscription's auth secret is not 16 bytes"
            }
        }
    }

    /// The `aes128gcm` body for `plaintext`, readable only by the holder of the subscription's private key.
    /// - Parameters:
    ///   - receiverKey: the subscription's `p256dh` (65 bytes, uncompressed point).
    ///   - authSecret: the subscription's `auth` (16 bytes).
    ///   - salt, senderKey: fresh for every message; fixed only by tests (RFC 8291's Appendix A).
    public static func encrypt(
        _ plaintext: Data, receiverKey: Data, authSecret: Data, salt: Data? = nil,
        senderKey: P256.KeyAgreement.PrivateKey = P256.KeyAgreement.PrivateKey()
    ) throws(Failure) -> Data {
        guard plaintext.count <= maximumPlaintext else { throw .tooLarge(bytes: plaintext.count) }
        guard authSecret.count == 16 else { throw .badAuthSecret }
        guard receiverKey.count == 65, receiverKey.first == 0x04,
            let receiver = try? P256.KeyAgreement.PublicKey(x963Representation: receiverKey),
            let shared = try? senderKey.sharedSecretFromKeyAgreement(with: receiver)
        else { throw .badKey }
        let salt = salt ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let senderPublic = senderKey.publicKey.x963Representation

        // IKM = HKDF(auth, ECDH, "WebPush: info" 0 ua_public as_public, 32)
        let keyInfo = Data("WebPush: info".utf8) + [0] + receiverKey + senderPublic
        let ikm = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: authSecret, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: aes128gcm".utf8) + [0],
            outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: ikm, salt: salt, info: Data("Content-Encoding: nonce".utf8) + [0],
            outputByteCount: 12)

        // One record, so it is the last: the padding delimiter is 2 and no padding follows.
        let record = plaintext + [0x02]
        let sealed: AES.GCM.SealedBox
        do {
            sealed = try AES.GCM.seal(
                record, using: contentKey, nonce: AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
        } catch {
            // Only a malformed nonce can fail, and it is always 12 bytes.
            preconditionFailure("AES-GCM refused a 12-byte nonce: \(error)")
        }
        var header = salt
        withUnsafeBytes(of: recordSize.bigEndian) { header.append(contentsOf: $0) }
        header.append(UInt8(senderPublic.count))
        header.append(senderPublic)
        return header + sealed.ciphertext + sealed.tag
    }
}
