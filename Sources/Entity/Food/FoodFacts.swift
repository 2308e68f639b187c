import Foundation

/// What the program knows about food, read from one table (`FoodFacts.table`): families and their kinds,
/// other names for one food, false friends, and the words that name a part of a food. It answers the
/// one question search asks: what is a name (`concepts(of:)`: `parmesan cheese` is parmesan, a cheese, a
/// dairy food), and what does a typed name ask for (`concept(of:)`).
///
/// Every name is compared in its folded form (`IngredientName.folded`). A name's concepts are, each with
/// its other names:
/// 1. the name itself;
/// 2. each shorter name made of its last words (`black beans` → `beans`), unless the name or a longer one
///    of its last words is a false friend of it (`vanilla bean` is no bean, `peanut butter` no butter);
/// 3. for a name ending in a part (`chicken thighs`, `juice of a lemon`), the food it is a part of;
/// 4. for a name that is a known kind followed by the word its family goes by (`feta cheese`, `jalapeño
///    peppers`), that kind;
/// 5. the families of all of these, and theirs.
/// Text after `in` or `with` says how the food is kept, not what it is (`chipotle chiles in adobo`). Only
/// the last six words of a name are looked at, so a name of any length is read in bounded time.
///
/// The table is parsed once, when first used; a line it cannot read is kept in `problems` (a test keeps
/// that list empty) and otherwise left out.
public struct FoodFacts: Sendable {
    /// The facts of `FoodFacts.table`.
    public static let standard = FoodFacts(table: FoodFacts.table)

    /// Lines that could not be read: their number (from 1) and text.
    public let problems: [(line: Int, text: String)]
    /// Every name the table mentions, as written, in the table's order, each once.
    public let vocabulary: [String]

    /// Folded name → the first of its other names (folded).
    private let canonical: [String: String]
    /// Canonical name → all its names (folded), itself first.
    private let names: [String: [String]]
    /// Canonical kind → canonical families.
    private let families: [String: [String]]
    /// Canonical family → its kinds as written.
    private let kindsAsWritten: [String: [String]]
    /// Canonical word → folded names that hold it and are not it; and as written.
    private let falseFriends: [String: Set<String>]
    private let falseFriendsAsWritten: [String: [String]]
    /// Folded part words (`thigh`, `short rib`), as word lists.
    private let parts: [[String]]
    /// Canonical family → words (folded) its kinds may be followed by.
    private let calledBy: [String: Set<String>]
    /// Every folded name the table mentions.
    private let known: Set<String>
    /// `vocabulary`, folded.
    private let foldedVocabulary: Set<String>

    public init(table: String) {
        var problems: [(Int, String)] = []
        var vocabulary: [String] = []
        var seenVocabulary = Set<String>()
        var groups: [[String]] = []
        var kinds: [(family: String, kind: String)] = []
        var falseFriendLines: [(word: String, name: String)] = []
        var parts: [[String]] = []
        var called: [(family: String, word: String)] = []
        // Most names are met several times (in a group, as a kind, as a family): each is folded once.
        var foldedByName: [String: String] = [:]
        func folded(_ name: String) -> String {
            if let known = foldedByName[name] { return known }
            let result = IngredientName.folded(name)
            foldedByName[name] = result
            return result
        }
        func remember(_ written: String) {
            if seenVocabulary.insert(folded(written)).inserted { vocabulary.append(written) }
        }
        // Lines and items are cut at their bytes (a newline, a comma), not by comparing characters.
        for (offset, rawLine) in table.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = Substring(rawLine).trimmedOfSpaces
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if line.hasPrefix("=") {
                let items = Self.items(line.dropFirst())
                guard items.count >= 2 else { problems.append((offset + 1, String(line))); continue }
                groups.append(items)
                items.forEach(remember)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { problems.append((offset + 1, String(line))); continue }
            let head = line[..<colon].trimmedOfSpaces
            let items = Self.items(line[line.index(after: colon)...])
            guard !items.isEmpty, !head.isEmpty else { problems.append((offset + 1, String(line))); continue }
            if head == "part" {
                parts += items.map(IngredientName.foldedWords)
            } else if head.hasPrefix("not ") {
                let word = head.dropFirst(4).trimmedOfSpaces
                falseFriendLines += items.map { (word, $0) }
                remember(word)
            } else if head.hasPrefix("called ") {
                let family = head.dropFirst(7).trimmedOfSpaces
                called += items.map { (family, $0) }
            } else {
                kinds += items.map { (head, $0) }
                remember(head)
                items.forEach(remember)
            }
        }
        var canonical: [String: String] = [:]
        var names: [String: [String]] = [:]
        for group in groups {
            let foldedGroup = group.map(folded)
            // A name in two groups joins them: the first group's first name stays the canonical one.
            let first = foldedGroup.lazy.compactMap { canonical[$0] }.first ?? foldedGroup[0]
            for name in foldedGroup {
                if let earlier = canonical[name], earlier != first {
                    for moved in names[earlier, default: [earlier]] { canonical[moved] = first; names[first, default: [first]].append(moved) }
                    names[earlier] = nil
                }
                canonical[name] = first
                if !names[first, default: [first]].contains(name) { names[first, default: [first]].append(name) }
            }
        }
        func canon(_ folded: String) -> String { canonical[folded] ?? folded }
        var families: [String: [String]] = [:]
        var kindsAsWritten: [String: [String]] = [:]
        var known = Set(canonical.keys)
        for (family, kind) in kinds {
            let familyKey = canon(folded(family))
            let kindKey = canon(folded(kind))
            if kindKey != familyKey, !families[kindKey, default: []].contains(familyKey) { families[kindKey, default: []].append(familyKey) }
            kindsAsWritten[familyKey, default: []].append(kind)
            known.insert(folded(family))
            known.insert(folded(kind))
        }
        var falseFriends: [String: Set<String>] = [:]
        var falseFriendsAsWritten: [String: [String]] = [:]
        for (word, name) in falseFriendLines {
            let key = canon(folded(word))
            falseFriends[key, default: []].insert(folded(name))
            falseFriendsAsWritten[key, default: []].append(name)
        }
        var calledBy: [String: Set<String>] = [:]
        for (family, word) in called {
            calledBy[canon(folded(family)), default: []].insert(canon(folded(word)))
        }
        self.problems = problems
        self.vocabulary = vocabulary
        self.canonical = canonical
        self.names = names
        self.families = families
        self.kindsAsWritten = kindsAsWritten
        self.falseFriends = falseFriends
        self.falseFriendsAsWritten = falseFriendsAsWritten
        self.parts = parts.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        self.calledBy = calledBy
        self.known = known
        foldedVocabulary = seenVocabulary
    }

    /// Whether the table names this food (as typed, folded): `Cheeses` yes, `chese` no.
    public func knows(_ name: String) -> Bool {
        foldedVocabulary.contains(IngredientName.folded(name))
    }

    /// Whether the table knows the food a name names, as typed or by its last words (`smoked paprika` is a
    /// paprika): `chese` no.
    public func knowsFood(_ name: String) -> Bool {
        knows(name) || concepts(of: name).contains(where: foldedVocabulary.contains)
    }

    /// For the ingredients of a search that found nothing, the names someone probably meant ("did you mean
    /// cheese?"): close names from `seen` (names results have shown) first, then from the table, at most
    /// `limit` in all; nothing for a name the table or `seen` already has as typed (it is spelled right, the
    /// catalog only lacks it).
    public func suggestions(for typed: [String], seen: [String] = [], limit: Int = 3) -> [String] {
        let seenFolded = Set(seen.map(IngredientName.folded))
        var suggested: [String] = []
        var suggestedFolded = Set<String>()
        for name in typed where !knows(name) && !seenFolded.contains(IngredientName.folded(name)) {
            for close in IngredientName.closest(to: name, among: seen + vocabulary, limit: limit)
            where suggestedFolded.insert(IngredientName.folded(close)).inserted {
                suggested.append(close)
            }
        }
        return Array(suggested.prefix(limit))
    }

    /// Names that complete what is typed of one (`chee` → `cheese`, `cheddar`…): `seen` first, then the
    /// table's, each once, in their order.
    public func completions(of typed: String, seen: [String] = []) -> [String] {
        let prefix = IngredientName.folded(typed)
        var named = Set<String>()
        return (seen + vocabulary).filter { name in
            let folded = IngredientName.folded(name)
            return folded.hasPrefix(prefix) && named.insert(folded).inserted
        }
    }

    /// Endings longer than this many words are not looked at (a name is what its last few words are).
    static let maxEndingWords = 6

    private static func items(_ text: Substring) -> [String] {
        text.utf8.split(separator: UInt8(ascii: ",")).map { String(Substring($0).trimmedOfSpaces) }.filter { !$0.isEmpty }
    }

    /// What a typed ingredient asks for: its folded name, or the name it is known by when it has others
    /// (`Scallions` → `green onion`). Empty for a name with no letters or digits.
    public func concept(of typed: String) -> String {
        let folded = IngredientName.folded(typed)
        return canonical[folded] ?? folded
    }

    /// Everything a catalog's ingredient name is (see the type's rules), as concepts `concept(of:)` can
    /// ask for; its own concept first.
    public func concepts(of name: String) -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        visit(IngredientName.foldedWords(name), into: &found, seen: &seen, depth: 0)
        return found
    }

    /// The kinds of a family as the table writes them (`kinds(of: "cheese")`: `cheddar`, `feta`, …),
    /// kinds of its kinds included.
    public func kinds(of family: String) -> [String] {
        var result: [String] = []
        var pending = [concept(of: family)]
        var seen = Set(pending)
        while let next = pending.popLast() {
            for kind in kindsAsWritten[next, default: []] {
                result.append(kind)
                let key = concept(of: kind)
                if seen.insert(key).inserted { pending.append(key) }
            }
        }
        return result
    }

    /// The names the table says hold `word` without being it (`falseFriends(of: "cream")`: `cream of
    /// tartar`, `ice cream`, …), as written.
    public func falseFriends(of word: String) -> [String] {
        falseFriendsAsWritten[concept(of: word), default: []]
    }

    /// The concepts of a name given as folded words, and of its other names, into `found`.
    /// `joined`: the words joined with spaces, when the caller has them so already.
    private func visit(_ words: [String], joined: String? = nil, into found: inout [String], seen: inout Set<String>, depth: Int) {
        guard !words.isEmpty, depth < 16 else { return }
        let text = joined ?? words.joined(separator: " ")
        let key = canonical[text] ?? text
        guard seen.insert(key).inserted else { return }
        found.append(key)
        let otherNames = names[key]
        for name in otherNames ?? [key] {
            var nameWords = name == key && otherNames == nil ? words : name.split(separator: " ").map(String.init)
            // `chipotle chiles in adobo` is chipotle chiles.
            if let cut = nameWords.firstIndex(where: { $0 == "in" || $0 == "with" }), cut > 0 {
                visit(Array(nameWords[..<cut]), into: &found, seen: &seen, depth: depth + 1)
                nameWords = Array(nameWords[..<cut])
            }
            // `leg of lamb`, `juice of a lemon`: a part of what follows.
            if let of = nameWords.firstIndex(of: "of"), of > 0, of + 1 < nameWords.count,
               parts.contains(where: { nameWords[..<of].elementsEqual($0) }) {
                let rest = nameWords[(of + 1)...].drop { $0 == "a" || $0 == "an" || $0 == "the" }
                visit(Array(rest), into: &found, seen: &seen, depth: depth + 1)
            }
            // `chicken thighs`, `beef short ribs`: the food the part is of.
            if let part = parts.first(where: { nameWords.count > $0.count && nameWords.suffix($0.count).elementsEqual($0) }) {
                visit(Array(nameWords.dropLast(part.count)), into: &found, seen: &seen, depth: depth + 1)
            }
            // The last words, longest first, unless a longer ending is a false friend of them.
            if nameWords.count > 1 {
                // An ending a false friend rules out is never reached, not even through a shorter ending
                // (`non dairy milk` is no milk, nor through `dairy milk`).
                let starts = max(1, nameWords.count - Self.maxEndingWords)..<nameWords.count
                var allowed: [(start: Int, ending: String)] = []
                for start in starts {
                    let ending = nameWords[start...].joined(separator: " ")
                    let endingKey = canonical[ending] ?? ending
                    let blocked = falseFriends[endingKey].map { friends in
                        (0..<start).contains { friends.contains(nameWords[$0...].joined(separator: " ")) }
                            || friends.contains(key)
                    } ?? false
                    if blocked { seen.insert(endingKey) } else { allowed.append((start, ending)) }
                }
                for (start, ending) in allowed {
                    visit(Array(nameWords[start...]), joined: ending, into: &found, seen: &seen, depth: depth + 1)
                }
                // `feta cheese`, `jalapeño peppers`: a known kind and the word its family goes by.
                let kind = nameWords.dropLast().joined(separator: " ")
                let kindKey = canonical[kind] ?? kind
                if known.contains(kind) || known.contains(kindKey) {
                    let last = nameWords[nameWords.count - 1]
                    let word = canonical[last] ?? last
                    if ancestors(of: kindKey).contains(where: { $0 == word || calledBy[$0]?.contains(word) == true }) {
                        visit(Array(nameWords.dropLast()), into: &found, seen: &seen, depth: depth + 1)
                    }
                }
            }
        }
        for family in families[key, default: []] {
            visit(family.split(separator: " ").map(String.init), into: &found, seen: &seen, depth: depth + 1)
        }
    }

    /// A canonical name's families, and theirs.
    private func ancestors(of key: String) -> [String] {
        var result: [String] = []
        var pending = families[key, default: []]
        while let next = pending.popLast() {
            guard !result.contains(next) else { continue }
            result.append(next)
            pending += families[next, default: []]
        }
        return result
    }
}

extension String {
    fileprivate var trimmedOfSpaces: String { self[...].trimmedOfSpaces }
}

extension Substring {
    /// The text without spaces, tabs and carriage returns at either end (the table is written in ASCII
    /// layout; its bytes are looked at, not its characters).
    fileprivate var trimmedOfSpaces: String {
        let bytes = utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }
}
