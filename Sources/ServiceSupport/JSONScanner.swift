// Standard library only: fuzzing harnesses compile this file on its own, beside what they exercise.

/// A cursor over the bytes of one JSON text (RFC 8259), strict: what the catalog's line reader and the
/// client's envelope reader are made of. Each step checks what it passes over, so a reader built on it
/// reads only valid JSON; what a step cannot read throws, leaving `index` where it stopped.
public struct JSONScanner {
    public enum Failure: Error, Hashable, Sendable {
        /// The bytes are not JSON (or a string in them is not UTF-8, or escapes half a surrogate pair).
        case notJSON
        /// Arrays and objects nested deeper than the reader allows.
        case nestedTooDeeply
    }

    public let bytes: UnsafeBufferPointer<UInt8>
    public var index = 0

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inlinable
    public func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inlinable
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next key of the object at `index` (its `{` there when `first`), the colon after it read and
    /// the whitespace after that; nil once the object's `}` has been read.
    @inlinable
    public mutating func nextKey(first: Bool) throws(Failure) -> String? {
        if first {
            index += 1  // {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return nil
            }
        } else if try !continues(closingWith: UInt8(ascii: "}")) {
            return nil
        }
        guard peek() == UInt8(ascii: "\"") else { throw .notJSON }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw .notJSON }
        index += 1
        skipWhitespace()
        return key
    }

    /// Whether the array at `index` (its `[` there when `first`) has another element, `index` then at
    /// it; false once the array's `]` has been read.
    @inlinable
    public mutating func nextElement(first: Bool) throws(Failure) -> Bool {
        guard first else { return try continues(closingWith: UInt8(ascii: "]")) }
        index += 1  // [
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return false
        }
        return true
    }

    /// After a member or an element: true past a comma and the whitespace after it, false past `close`.
    @inlinable
    mutating func continues(closingWith close: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case close:
            index += 1
            return false
        default:
            throw .notJSON
        }
    }

    /// Whether the value at `index` is a string or null, which `readStringOrNull` reads.
    @inlinable
    public var isAtStringOrNull: Bool {
        peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "n")
    }

    /// The string at `index`, or nil for the `null` there (`isAtStringOrNull`).
    @inlinable
    public mutating func readStringOrNull() throws(Failure) -> String? {
        guard try !readNull() else { return nil }
        guard peek() == UInt8(ascii: "\"") else { throw .notJSON }
        return try readString()
    }

    /// Whether the value at `index` is `null`, read if so.
    @inlinable
    public mutating func readNull() throws(Failure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }

    /// Checks and skips any JSON value; `depth` counts the containers it would be inside, at most `maxDepth`.
    public mutating func skipValue(depth: Int, maxDepth: Int) throws(Failure) {
        guard let byte = peek() else { throw .notJSON }
        switch byte {
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "{"):
            guard depth <= maxDepth else { throw .nestedTooDeeply }
            var first = true
            while try nextKey(first: first) != nil {
                first = false
                try skipValue(depth: depth + 1, maxDepth: maxDepth)
            }
        case UInt8(ascii: "["):
            guard depth <= maxDepth else { throw .nestedTooDeeply }
            var first = true
            while try nextElement(first: first) {
                first = false
                try skipValue(depth: depth + 1, maxDepth: maxDepth)
            }
        case UInt8(ascii: "t"):
            try expectLiteral("true")
        case UInt8(ascii: "f"):
            try expectLiteral("false")
        case UInt8(ascii: "n"):
            try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try skipNumber()
        default:
            throw .notJSON
        }
    }

    @inlinable
    public mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw .notJSON }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw .notJSON
        }
        index += count
    }

    /// The shape of a number: whether it has a fraction or an exponent.
    public struct NumberShape: Sendable {
        public let bytes: Range<Int>
        public let hasFraction: Bool
        public let hasExponent: Bool

        /// A whole number written as digits only (with a `-` perhaps).
        public var isPlainInteger: Bool { !hasFraction && !hasExponent }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    public mutating func skipNumber() throws(Failure) -> NumberShape {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw .notJSON }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var hasFraction = false, hasExponent = false
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw .notJSON }
            skipDigits()
            hasFraction = true
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw .notJSON }
            skipDigits()
            hasExponent = true
        }
        return NumberShape(bytes: start..<index, hasFraction: hasFraction, hasExponent: hasExponent)
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { index += 1 }
    }

    public static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The string at `index` (which holds its opening quote), escapes decoded; it must be UTF-8, and a
    /// `\u` escape of half a surrogate pair must have its other half next.
    @inlinable
    public mutating func readString() throws(Failure) -> String {
        index += 1  // "
        let start = index
        // The common case: no escapes, so the bytes are the string; ASCII needs no checking as UTF-8.
        var allBits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                let text = allBits < 0x80 ? String(decoding: raw, as: UTF8.self) : String(validating: raw, as: UTF8.self)
                index += 1
                guard let text else { throw .notJSON }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw .notJSON }
            allBits |= byte
            index += 1
        }
        guard index < bytes.count else { throw .notJSON }
        return try readEscapedString(from: start)
    }

    /// The rest of a string with escapes, from its first byte at `start`; `index` at its first backslash.
    @usableFromInline
    mutating func readEscapedString(from start: Int) throws(Failure) -> String {
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = String(validating: decoded, as: UTF8.self) else { throw .notJSON }
                return text
            }
            guard byte >= 0x20 else { throw .notJSON }
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            index += 1
            guard let escape = peek() else { throw .notJSON }
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"): try appendUnicodeEscape(to: &decoded)
            default: throw .notJSON
            }
        }
        throw .notJSON
    }

    /// `\uXXXX` (the `\u` already read), with a surrogate pair as two escapes; a lone surrogate is refused.
    private mutating func appendUnicodeEscape(to decoded: inout [UInt8]) throws(Failure) {
        var value = try readHex4()
        if (0xD800...0xDBFF).contains(value) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw .notJSON
            }
            index += 2
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .notJSON }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw .notJSON
        }
        guard let scalar = Unicode.Scalar(value) else { throw .notJSON }
        UTF8.encode(scalar) { decoded.append($0) }
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw .notJSON }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .notJSON
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
