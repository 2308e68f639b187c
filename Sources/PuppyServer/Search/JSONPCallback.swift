// Standard library only: this file compiles on its own into a fuzzing harness.

/// Which JSONP callback names the server writes into an answer: only names a browser can call safely,
/// so that what a page asked for can never become script of someone else's choosing.
///
/// A name is one or more JavaScript identifiers of ASCII letters, digits, `_` and `$` (not starting
/// with a digit) joined by single dots (`jQuery3600_1700000000`, `angular.callbacks._0`, `$cb`), at
/// most `maxLength` bytes. Anything else (brackets, quotes, parentheses, spaces, other scripts'
/// letters, line separators, an empty name) is refused.
enum JSONPCallback {
    static let maxLength = 128

    static func isSafe(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        var atSegmentStart = true
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !atSegmentStart else { return false }  // a leading dot, or two in a row
                atSegmentStart = true
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard isLetter || isDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") else { return false }
            if atSegmentStart, isDigit { return false }
            atSegmentStart = false
        }
        return !atSegmentStart  // not ending with a dot
    }
}
