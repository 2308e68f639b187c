// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// Byte classes from RFC 9110/9112 and small ASCII helpers.
enum RequestBytes {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// `tchar`: the bytes allowed in a method or a header name.
    static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Bytes allowed in a request target: visible ASCII, nothing else.
    static func isTargetByte(_ byte: UInt8) -> Bool {
        byte >= 0x21 && byte <= 0x7E
    }

    /// Bytes allowed inside a field value: visible ASCII, space, tab and obs-text; no controls.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || byte == space || (byte >= 0x21 && byte != 0x7F)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether `bytes` spell `name` (which must be lower-case ASCII) ignoring ASCII case.
    static func matches(_ bytes: ArraySlice<UInt8>, lowercaseName name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return name.withUTF8Buffer { expected in
            var index = bytes.startIndex
            for byte in expected {
                guard lowercased(bytes[index]) == byte else { return false }
                index += 1
            }
            return true
        }
    }

    static func equalsIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { lowercased($0) == lowercased($1) }
    }

    /// `bytes` without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lower = bytes.startIndex
        var upper = bytes.endIndex
        while lower < upper, isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return bytes[lower..<upper]
    }

    static func firstIndex(of byte: UInt8, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Comma-separated list elements, trimmed and lower-cased, empty ones dropped.
    static func listElements(_ value: String) -> [String] {
        value.split(separator: ",").compactMap { element in
            let bytes = trimmed(ArraySlice(element.utf8))
            guard !bytes.isEmpty else { return nil }
            return String(decoding: bytes.map(lowercased), as: UTF8.self)
        }
    }
}
