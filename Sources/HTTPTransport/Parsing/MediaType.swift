// Standard library only: the parsing files compile on their own into a fuzzing harness.

/// A Content-Type value: the media type and its charset parameter.
struct MediaType: Equatable, Sendable {
    /// Lower-cased, without parameters (`text/html`).
    let type: String
    /// Lower-cased, unquoted (`utf-8`), when the value has a charset parameter.
    let charset: String?

    /// Reads `type/subtype *( OWS ";" OWS name=value )`, values plain or quoted; nil for an empty type.
    init?(_ header: String) {
        var parts = MediaType.split(header)
        let type = HTTPBytes.trimmed(parts.isEmpty ? "" : parts.removeFirst()).lowercased()
        guard !type.isEmpty else { return nil }
        self.type = type
        var charset: String?
        for parameter in parts {
            guard let equals = parameter.firstIndex(of: "=") else { continue }
            let name = HTTPBytes.trimmed(parameter[..<equals]).lowercased()
            guard name == "charset", charset == nil else { continue }
            let value = MediaType.unquoted(HTTPBytes.trimmed(parameter[parameter.index(after: equals)...])).lowercased()
            if !value.isEmpty { charset = value }
        }
        self.charset = charset
    }

    /// Splits at semicolons outside quoted strings.
    private static func split(_ header: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in header {
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ";" && !quoted {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// A quoted-string's content with its escapes removed; other values as they are.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return value }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
