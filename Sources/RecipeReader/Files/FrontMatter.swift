import Entity

/// The YAML-ish block between `---` lines at the top of a recipe file: `key: value`, quoted values,
/// `[a, b]` lists and `- item` lists under a key. Keys are lower-case with spaces, dashes and dots as
/// `_`. Anything else YAML allows is passed over; every step is linear in the text.
struct FrontMatter {
    enum Value {
        case text(String)
        case list([String])
    }

    private(set) var fields: [String: Value] = [:]

    /// The front matter and the text after it; no front matter when the text does not start with a
    /// `---` line. A block that never closes is a problem: the whole file would be its front matter.
    static func split(_ text: Substring) throws(RecipeFileProblem) -> (FrontMatter, Substring) {
        var rest = text
        guard let first = nextLine(&rest), trimmed(first) == "---" else { return (FrontMatter(), text) }
        var matter = FrontMatter()
        var listKey: String?
        while let line = nextLine(&rest) {
            let clean = trimmed(line)
            if clean == "---" || clean == "..." { return (matter, rest) }
            matter.take(line, listKey: &listKey)
        }
        throw .frontMatterNeverCloses
    }

    /// Takes one metadata line (`key: value`), as Cooklang's `>> key: value` lines give them too.
    mutating func take(_ line: Substring, listKey: inout String?) {
        let clean = Self.trimmed(line)
        if clean.isEmpty || clean.hasPrefix("#") { return }
        if clean.hasPrefix("- "), let key = listKey {
            let item = Self.unquoted(clean.dropFirst(2))
            guard !item.isEmpty else { return }
            if case .list(var items) = fields[key] {
                if items.count < 1_000 { items.append(item) }
                fields[key] = .list(items)
            } else {
                fields[key] = .list([item])
            }
            return
        }
        guard let colon = clean.firstIndex(of: ":") else { return }
        let key = Self.key(clean[..<colon])
        guard !key.isEmpty, key.utf8.count <= 60 else { return }
        let value = Self.trimmed(clean[clean.index(after: colon)...])
        if value.isEmpty {
            listKey = key
            return
        }
        listKey = nil
        if value.hasPrefix("["), value.hasSuffix("]") {
            let items = value.dropFirst().dropLast().split(separator: ",", maxSplits: 1_000).map { Self.unquoted($0) }.filter { !$0.isEmpty }
            fields[key] = .list(items)
        } else {
            fields[key] = .text(Self.unquoted(value))
        }
    }

    /// The first text value under any of `keys` (a list gives its first item).
    func text(_ keys: String...) -> String? {
        for key in keys {
            switch fields[key] {
            case .text(let value) where !value.isEmpty: return value
            case .list(let items) where !items.isEmpty: return items[0]
            default: continue
            }
        }
        return nil
    }

    /// The items under the first of `keys` given: a list, or a text of comma-separated items.
    func list(_ keys: String...) -> [String] {
        for key in keys {
            switch fields[key] {
            case .list(let items) where !items.isEmpty: return items
            case .text(let value) where !value.isEmpty:
                return value.split(separator: ",", maxSplits: 1_000).map { Self.unquoted($0) }.filter { !$0.isEmpty }
            default: continue
            }
        }
        return []
    }

    static func key(_ raw: Substring) -> String {
        var key = ""
        for character in trimmed(raw).lowercased() {
            key.append(character == " " || character == "-" || character == "." ? "_" : character)
        }
        return key
    }

    static func unquoted(_ raw: Substring) -> String {
        let value = trimmed(raw)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            let inner = value.dropFirst().dropLast()
            return first == "\"" ? inner.replacingOccurrences(of: "\\\"", with: "\"") : inner.replacingOccurrences(of: "''", with: "'")
        }
        return String(value)
    }

    static func trimmed(_ text: Substring) -> Substring {
        var result = text
        while let first = result.first, first.isWhitespace { result.removeFirst() }
        while let last = result.last, last.isWhitespace { result.removeLast() }
        return result
    }

    /// Takes the next line (without its `\n`, `\r\n` or `\r`, each one `Character`) off the front of `text`.
    static func nextLine(_ text: inout Substring) -> Substring? {
        guard !text.isEmpty else { return nil }
        if let end = text.firstIndex(where: \.isNewline) {
            let line = text[..<end]
            text = text[text.index(after: end)...]
            return line
        }
        let line = text
        text = text[text.endIndex...]
        return line
    }
}
