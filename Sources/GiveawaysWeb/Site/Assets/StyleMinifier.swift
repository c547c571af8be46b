/// A conservative minifier for this project's stylesheets, run once when they are loaded: it drops comments, collapses
/// whitespace to one space and removes it only where CSS never reads it — around `{ } ; ,` and `>`, and after `:` —
/// and drops the `;` before a `}`. Strings are copied as they are; `+ - * /` keep their spaces (`calc()` needs
/// them), and so do `(` and a space *before* `:` (`a :hover` is not `a:hover`).
enum StyleMinifier {
    static func minify(_ css: String) -> String {
        let source = Array(css.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(source.count)
        var index = 0
        var pendingSpace = false
        while index < source.count {
            let byte = source[index]
            if byte == slash, index + 1 < source.count, source[index + 1] == star {
                index += 2
                while index + 1 < source.count, !(source[index] == star && source[index + 1] == slash) { index += 1 }
                index += 2
                pendingSpace = true
                continue
            }
            if isSpace(byte) {
                pendingSpace = true
                index += 1
                continue
            }
            if pendingSpace, let last = output.last, !tight.contains(last), last != colon, !tight.contains(byte) {
                output.append(space)
            }
            pendingSpace = false
            if byte == quote || byte == apostrophe {
                var end = index + 1
                while end < source.count, source[end] != byte {
                    end += source[end] == backslash ? 2 : 1
                }
                end = min(end + 1, source.count)
                output.append(contentsOf: source[index..<end])
                index = end
                continue
            }
            if byte == closingBrace, output.last == semicolon { output.removeLast() }
            output.append(byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Bytes that need no space on either side.
    private static let tight: Set<UInt8> = Set("{};,>".utf8)
    private static let slash = UInt8(ascii: "/")
    private static let star = UInt8(ascii: "*")
    private static let space = UInt8(ascii: " ")
    private static let colon = UInt8(ascii: ":")
    private static let semicolon = UInt8(ascii: ";")
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")
    private static let closingBrace = UInt8(ascii: "}")

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == 9 || byte == 10 || byte == 13 || byte == 12
    }
}
