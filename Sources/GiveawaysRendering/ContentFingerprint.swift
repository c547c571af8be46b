/// FNV-1a, 64 bits, as hex: enough to tell versions apart. Every dynamic answer's ETag is one, and every static
/// file's version. Contiguous bytes (a `ByteBuffer`'s view, an array) are hashed in place: walking a `ByteBufferView`
/// byte by byte through its iterator cost seconds on a few MB in a debug build.
package enum ContentFingerprint {
    package static func of(_ bytes: some Sequence<UInt8>) -> String {
        let hash =
            bytes.withContiguousStorageIfAvailable { fnv1a($0) }
            ?? fnv1a(bytes)
        return String(hash, radix: 16)
    }

    private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
