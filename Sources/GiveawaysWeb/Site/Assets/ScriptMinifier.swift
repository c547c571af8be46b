/// A conservative minifier for this project's JavaScript, run once when the script is loaded: it drops comments and
/// the whitespace no token needs, and copies strings, template literals (with their `${…}` parts) and regular
/// expression literals byte for byte. It never renames, reorders or rewrites anything.
///
/// Line breaks matter in JavaScript (automatic semicolon insertion, `return⏎value`, `a⏎++b`), so one is dropped only
/// where no rule of the language can read it: after `{ ( [ , ;` or before `} ) ] , ; .`. Every other line break
/// stays, as one `\n`.
struct ScriptMinifier {
    private let source: [UInt8]
    private var output: [UInt8] = []
    private var index = 0
    /// Whitespace (`space`) or a line break (`lineBreak`) was skipped since the last byte written.
    private var pendingSpace = false
    private var pendingLineBreak = false
    /// The last token written ends a value (a name, number, literal, `)` or `]`): a `/` after it divides.
    private var lastEndsValue = false

    static func minify(_ script: String) -> String {
        var minifier = ScriptMinifier(source: Array(script.utf8))
        minifier.run()
        return String(decoding: minifier.output, as: UTF8.self)
    }

    private init(source: [UInt8]) {
        self.source = source
    }

    // MARK: - Tokens

    private mutating func run() {
        while index < source.count {
            let byte = source[index]
            switch byte {
            case ascii(" "), ascii("\t"), ascii("\r"), 0x0B, 0x0C:
                pendingSpace = true
                index += 1
            case ascii("\n"):
                pendingLineBreak = true
                index += 1
            case ascii("/") where peek(1) == ascii("/"):
                while index < source.count, source[index] != ascii("\n") { index += 1 }
            case ascii("/") where peek(1) == ascii("*"):
                skipBlockComment()
            case ascii("\""), ascii("'"):
                separate(before: byte)
                copyString(quote: byte)
                lastEndsValue = true
            case ascii("`"):
                separate(before: byte)
                copyTemplate()
                lastEndsValue = true
            case ascii("/") where !lastEndsValue && copyRegularExpression():
                lastEndsValue = true
            default:
                separate(before: byte)
                if isWordByte(byte) {
                    copyWord()
                } else {
                    output.append(byte)
                    index += 1
                    lastEndsValue = byte == ascii(")") || byte == ascii("]")
                }
            }
        }
        if output.last != ascii("\n") { output.append(ascii("\n")) }
    }

    /// Writes what the skipped whitespace must leave behind before `next`: a line break, a space, or nothing.
    private mutating func separate(before next: UInt8) {
        defer { (pendingSpace, pendingLineBreak) = (false, false) }
        guard let last = output.last, pendingSpace || pendingLineBreak else { return }
        if pendingLineBreak && !Self.absorbsLineBreakAfter.contains(last) && !Self.absorbsLineBreakBefore.contains(next)
        {
            output.append(ascii("\n"))
        } else if Self.wouldJoin(last, next) {
            output.append(ascii(" "))
        }
    }

    /// Two bytes that would read as one token, or start a comment or an HTML-like comment, without a space between.
    private static func wouldJoin(_ last: UInt8, _ next: UInt8) -> Bool {
        (isWordByte(last) && (isWordByte(next) || next == ascii(".")))
            || (last == next && (last == ascii("+") || last == ascii("-") || last == ascii("/")))
            || (last == ascii("/") && next == ascii("*")) || (last == ascii("<") && next == ascii("!"))
            || (last == ascii("-") && next == ascii(">"))
    }

    private static let absorbsLineBreakAfter: Set<UInt8> = Set("{([,;".utf8)
    private static let absorbsLineBreakBefore: Set<UInt8> = Set("})],;.".utf8)
    /// Words after which a `/` starts a regular expression, not a division.
    private static let keywordsBeforeExpression: Set<String> = [
        "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "instanceof",
        "yield", "await",
    ]

    private mutating func copyWord() {
        let start = index
        while index < source.count, isWordByte(source[index]) { index += 1 }
        output.append(contentsOf: source[start..<index])
        let word = String(decoding: source[start..<index], as: UTF8.self)
        lastEndsValue = !Self.keywordsBeforeExpression.contains(word)
    }

    private mutating func skipBlockComment() {
        let start = index
        index += 2
        while index < source.count, !(source[index] == ascii("*") && peek(1) == ascii("/")) { index += 1 }
        index = min(index + 2, source.count)
        if source[start..<index].contains(ascii("\n")) { pendingLineBreak = true } else { pendingSpace = true }
    }

    // MARK: - Literals, copied as they are

    private mutating func copyString(quote: UInt8) {
        output.append(quote)
        index += 1
        while index < source.count {
            let byte = source[index]
            output.append(byte)
            index += 1
            if byte == ascii("\\"), index < source.count {
                output.append(source[index])
                index += 1
            } else if byte == quote || byte == ascii("\n") {
                return
            }
        }
    }

    /// A template literal, its `${…}` parts included (they may hold strings, braces and templates of their own).
    private mutating func copyTemplate() {
        output.append(ascii("`"))
        index += 1
        while index < source.count {
            let byte = source[index]
            if byte == ascii("\\") {
                output.append(contentsOf: source[index..<min(index + 2, source.count)])
                index += 2
            } else if byte == ascii("$") && peek(1) == ascii("{") {
                output.append(contentsOf: [ascii("$"), ascii("{")])
                index += 2
                copyBalancedCode()
            } else {
                output.append(byte)
                index += 1
                if byte == ascii("`") { return }
            }
        }
    }

    /// The code inside `${…}`, up to and including its closing brace.
    private mutating func copyBalancedCode() {
        var depth = 1
        while index < source.count {
            let byte = source[index]
            switch byte {
            case ascii("\""), ascii("'"): copyString(quote: byte)
            case ascii("`"): copyTemplate()
            default:
                output.append(byte)
                index += 1
                if byte == ascii("{") { depth += 1 }
                if byte == ascii("}") {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }
    }

    /// A regular expression literal starting at `index`; `false` (nothing written) when the line ends before it does,
    /// so a `/` misread as one is written as an operator instead.
    private mutating func copyRegularExpression() -> Bool {
        var end = index + 1
        var inClass = false
        while end < source.count {
            let byte = source[end]
            if byte == ascii("\n") { return false }
            if byte == ascii("\\") {
                end += 2
                continue
            }
            if byte == ascii("[") { inClass = true }
            if byte == ascii("]") { inClass = false }
            if byte == ascii("/") && !inClass { break }
            end += 1
        }
        guard end < source.count else { return false }
        end += 1
        while end < source.count, isWordByte(source[end]) { end += 1 }  // the flags
        separate(before: ascii("/"))
        output.append(contentsOf: source[index..<end])
        index = end
        return true
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < source.count ? source[index + offset] : nil
    }
}

private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(character.value) }

/// A byte of a name, keyword or number (any byte of a non-ASCII character counts, as names may hold them).
private func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"), ascii("_"), ascii("$"),
        ascii("\\"), 0x80...:
        true
    default: false
    }
}
