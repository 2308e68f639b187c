/// Clean-up rules for text that arrives from recipe sites.
public enum TextCleanup {
    /// A title as a person should read it: entities decoded, runs of whitespace (spaces, tabs, `\r`,
    /// `\n`, non-breaking spaces) collapsed to one space, and no whitespace at either end.
    public static func title(_ raw: String) -> String {
        collapseWhitespace(HTMLEntities.decode(raw))
    }

    /// Collapses every run of whitespace or newlines to a single space and trims both ends.
    public static func collapseWhitespace(_ text: String) -> String {
        if let collapsed = collapseASCIIWhitespace(text) { return collapsed }
        return collapseWhitespaceByCharacter(text)
    }

    /// The same for ASCII text, byte by byte (reading Characters costs far more): there, whitespace and
    /// newlines are tab, line feed, vertical tab, form feed, carriage return and space. Nil for text that
    /// is not all ASCII.
    static func collapseASCIIWhitespace(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var pendingSpace = false
        for byte in utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace {
                    bytes.append(0x20)
                    pendingSpace = false
                }
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func collapseWhitespaceByCharacter(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
            } else if character.unicodeScalars.contains(where: \.properties.isWhitespace) {
                // A prepended mark (U+0600 ARABIC NUMBER SIGN and its kind) makes one character of itself
                // and the space after it; that space still counts, so go through such a character by scalar.
                for scalar in character.unicodeScalars {
                    if scalar.properties.isWhitespace {
                        pendingSpace = !result.isEmpty
                    } else {
                        appendPendingSpace(to: &result, &pendingSpace)
                        result.unicodeScalars.append(scalar)
                    }
                }
            } else {
                appendPendingSpace(to: &result, &pendingSpace)
                result.append(character)
            }
        }
        return result
    }

    private static func appendPendingSpace(to result: inout String, _ pendingSpace: inout Bool) {
        if pendingSpace {
            result.append(" ")
            pendingSpace = false
        }
    }

    /// An ingredient list: comma-separated names, each entity-decoded, whitespace-collapsed and
    /// lower-cased, without empty items or repeats, in their first-seen order.
    /// A name already so but for the spaces around it (nearly every name a server sends) is taken as it
    /// is without them; ASCII text is split at its comma bytes (there a comma is always a character).
    public static func ingredientList(_ raw: String) -> [String] {
        let parts = raw.utf8.allSatisfy { $0 < 0x80 }
            ? raw.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0) }
            : raw.split(separator: ",", omittingEmptySubsequences: false)
        return uniqueNames(parts.map { part in
            let name = part.trimmingSpaces
            return isCleanName(name) ? String(name) : collapseWhitespace(HTMLEntities.decode(String(part))).lowercased()
        })
    }

    /// Whether decoding, collapsing and lower-casing would leave a name as it is, decided from its
    /// bytes: printable ASCII with no `&` and no capital, its words parted by single spaces.
    static func isCleanName(_ name: Substring) -> Bool {
        var previous = UInt8(ascii: " ")
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: " "):
                if previous == UInt8(ascii: " ") { return false }
            case UInt8(ascii: "&"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return false
            case 0x21...0x7E:
                break
            default:
                return false
            }
            previous = byte
        }
        return name.isEmpty || previous != UInt8(ascii: " ")
    }

    /// Drops empty names and repeats, keeping the first occurrence's position.
    /// A list of a few names (a recipe's ingredients) is searched in turn, cheaper than hashing them; a
    /// long one with a set.
    public static func uniqueNames(_ names: [String]) -> [String] {
        if names.count <= 32 {
            var unique: [String] = []
            unique.reserveCapacity(names.count)
            for name in names where !name.isEmpty && !unique.contains(name) { unique.append(name) }
            return unique
        }
        var seen = Set<String>()
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

private extension Substring {
    /// Without the spaces (U+0020 only) at either end.
    var trimmingSpaces: Substring {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }),
              let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return self[endIndex...] }
        return Substring(bytes[first...last])
    }
}
