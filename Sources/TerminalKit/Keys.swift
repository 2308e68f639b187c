/// A key as the line editor understands it.
package enum Key: Equatable, Sendable {
    case character(Character)
    case enter
    case backspace
    case delete
    case left, right, up, down, home, end, pageUp, pageDown
    case wordLeft, wordRight
    case tab
    /// Ctrl plus a letter: `control("a")`.
    case control(Character)
    case escape
}

/// Turns terminal input bytes into keys. Pure: keeps unfinished sequences and multi-byte characters
/// until the rest arrives.
package struct KeyDecoder {
    private var pending: [UInt8] = []

    package init() {}

    /// Decodes what it can; bytes of an unfinished sequence wait for the next call.
    package mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = KeyDecoder.key(in: pending, at: index) else { break }
            if let key { keys.append(key) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// True while a sequence is half-read (a lone ESC, or part of a character).
    package var hasPending: Bool { !pending.isEmpty }

    /// Gives up on a half-read sequence: a lone ESC becomes the escape key.
    package mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The key at `index` and its length; nil when more bytes are needed. A nil key means bytes to skip.
    package static func key(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let byte = bytes[index]
        switch byte {
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x09: return (.tab, 1)
        case 0x1B: return escape(in: bytes, at: index)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return (nil, 1)
        case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return utf8(in: bytes, at: index)
        }
    }

    private static func escape(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        guard index + 1 < bytes.count else { return nil }
        let second = bytes[index + 1]
        if second == UInt8(ascii: "[") || second == UInt8(ascii: "O") {
            var end = index + 2
            while end < bytes.count, (0x30...0x3F).contains(bytes[end]) || (0x20...0x2F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return end - index > 16 ? (nil, end - index) : nil }
            let final = bytes[end]
            let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            let length = end - index + 1
            switch (final, parameters) {
            case (UInt8(ascii: "A"), _): return (.up, length)
            case (UInt8(ascii: "B"), _): return (.down, length)
            case (UInt8(ascii: "C"), "1;5"), (UInt8(ascii: "C"), "1;3"): return (.wordRight, length)
            case (UInt8(ascii: "D"), "1;5"), (UInt8(ascii: "D"), "1;3"): return (.wordLeft, length)
            case (UInt8(ascii: "C"), _): return (.right, length)
            case (UInt8(ascii: "D"), _): return (.left, length)
            case (UInt8(ascii: "H"), _): return (.home, length)
            case (UInt8(ascii: "F"), _): return (.end, length)
            case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
            case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
            case (UInt8(ascii: "~"), "3"): return (.delete, length)
            case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
            case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
            default: return (nil, length)
            }
        }
        if [UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X")].contains(second) {
            return controlString(in: bytes, at: index)
        }
        if second == UInt8(ascii: "b") { return (.wordLeft, 2) }
        if second == UInt8(ascii: "f") { return (.wordRight, 2) }
        if second == 0x7F { return (.control("w"), 2) }
        return (.escape, 1)
    }

    /// A terminal's answer that arrives late (APC, DCS, OSC, PM or SOS up to BEL or `ESC \`, such as a
    /// kitty graphics reply or a version string): swallowed whole, never typed. One that never ends is
    /// dropped once it passes 4 KB.
    private static func controlString(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        var end = index + 2
        while end < bytes.count {
            if bytes[end] == 0x07 { return (nil, end - index + 1) }
            if bytes[end] == 0x1B {
                guard end + 1 < bytes.count else { return nil }
                return (nil, end - index + (bytes[end + 1] == UInt8(ascii: "\\") ? 2 : 1))
            }
            end += 1
        }
        return end - index > 4096 ? (nil, end - index) : nil
    }

    private static func utf8(in bytes: [UInt8], at index: Int) -> (Key?, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard index + length <= bytes.count else { return nil }
        let slice = Array(bytes[index..<(index + length)])
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let text = String(validating: slice, as: UTF8.self), let character = text.first else { return (nil, 1) }
        return (.character(character), length)
    }
}
