/// A string compared and hashed by its UTF-8 bytes. `String`'s own `==` takes canonically equivalent texts as equal
/// ("é" as one scalar or as "e" and a combining accent), which is right for people and wrong for a key that stands
/// for bytes: a kept compressed piece, a verified signature.
package struct BytewiseString: Hashable, Sendable {
    package let value: String

    package init(_ value: String) {
        self.value = value
    }

    package static func == (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
        lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        var value = value
        value.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
