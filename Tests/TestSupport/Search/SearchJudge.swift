import Foundation
import Entity

/// Reads `JudgedSearches` (or any text in its format) and scores what a server found for each search
/// against a catalog: recall (the expected recipes found), false matches (found recipes with no ingredient
/// a cook would accept) and searches that found nothing where the catalog has recipes for them.
///
/// The searches are split in two halves by a hash of what was typed (`Half.a` and `Half.b`), so that rules
/// tuned while looking at one half can be checked on the other.
public struct SearchJudge: Sendable {
    public enum Half: String, Sendable, CaseIterable {
        case a = "A"
        case b = "B"
    }

    /// One search as typed, and the half it belongs to.
    public struct Search: Sendable, Hashable {
        public let typed: String
        /// The ingredients, as typed, in order.
        public let terms: [String]
        public let half: Half
    }

    /// What a cook means by one typed ingredient.
    struct Judgement: Sendable {
        var must: [Pattern] = []
        var may: [Pattern] = []
        var not: [Pattern] = []
    }

    /// A name (folded words), or any name ending (`* name`), starting (`name *`) or holding (`* name *`) them.
    struct Pattern: Sendable {
        let words: [String]
        let atStart: Bool
        let atEnd: Bool

        init(_ text: String) {
            var text = Substring(text)
            let anyBefore = text.hasPrefix("*")
            let anyAfter = text.hasSuffix("*") && text.count > 1
            if anyBefore { text = text.dropFirst() }
            if anyAfter { text = text.dropLast() }
            words = IngredientName.foldedWords(String(text))
            atStart = !anyBefore
            atEnd = !anyAfter
        }

        func matches(_ name: [String]) -> Bool {
            guard !words.isEmpty, name.count >= words.count else { return false }
            if atStart && atEnd { return name == words }
            if atStart { return Array(name.prefix(words.count)) == words }
            if atEnd { return Array(name.suffix(words.count)) == words }
            return name.indices.contains { start in
                start + words.count <= name.count && name[start..<(start + words.count)].elementsEqual(words)
            }
        }
    }

    public let searches: [Search]
    private let judgements: [String: Judgement]

    /// Why a text cannot be read: its line and what is wrong there.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public init(text: String = JudgedSearches.text) throws(Problem) {
        var searches: [Search] = []
        var judgements: [String: Judgement] = [:]
        var current: String?
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            if let colon = line.firstIndex(of: ":"), ["must", "may", "not"].contains(line[..<colon]) {
                guard let term = current else { throw Problem(line: offset + 1, message: "\(line[..<colon]): before any search") }
                let patterns = line[line.index(after: colon)...].split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.map(Pattern.init)
                switch line[..<colon] {
                case "must": judgements[term, default: Judgement()].must += patterns
                case "may": judgements[term, default: Judgement()].may += patterns
                default: judgements[term, default: Judgement()].not += patterns
                }
                continue
            }
            let terms = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !terms.isEmpty else { throw Problem(line: offset + 1, message: "a search with no ingredient") }
            if terms.count == 1 {
                let key = IngredientName.folded(terms[0])
                guard judgements[key] == nil else { throw Problem(line: offset + 1, message: "\"\(terms[0])\" is judged twice") }
                judgements[key] = Judgement()
                current = key
            } else {
                current = nil
            }
            searches.append(Search(typed: terms.joined(separator: ", "), terms: terms, half: Self.half(of: line)))
        }
        for search in searches {
            for term in search.terms where judgements[IngredientName.folded(term)]?.must.isEmpty ?? true {
                throw Problem(line: 0, message: "\"\(term)\" (in \"\(search.typed)\") has no must: line of its own")
            }
        }
        self.searches = searches
        self.judgements = judgements
    }

    /// FNV-1a of the typed text: the same half on every run and machine.
    static func half(of typed: String) -> Half {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in typed.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash % 2 == 0 ? .a : .b
    }

    /// The score of one search.
    public struct Outcome: Sendable {
        public let search: Search
        /// Recipes (catalog positions) the cook expects, and those of them found.
        public let expected: Int
        public let expectedFound: Int
        public let found: Int
        /// Found recipes a cook would not accept, with the ingredient lists that show why.
        public let falseMatches: [[String]]
        /// Expected recipes not found.
        public let missed: [[String]]
    }

    /// Judges one search: `catalog` holds every recipe's ingredient names, `found` the positions the
    /// server returned for it (in any order; repeats count once).
    public func judge(_ search: Search, catalog: [[String]], found: some Sequence<Int>) -> Outcome {
        let judgements = search.terms.map { self.judgements[IngredientName.folded($0)] ?? Judgement() }
        // A `not` name is never a `must` or `may` one, whatever wildcard would take it in.
        func satisfies(_ recipe: [[String]], _ pick: (Judgement) -> [Pattern]) -> Bool {
            judgements.allSatisfy { judgement in
                recipe.contains { name in
                    pick(judgement).contains { $0.matches(name) } && !judgement.not.contains { $0.matches(name) }
                }
            }
        }
        let folded = catalog.map { $0.map(IngredientName.foldedWords) }
        let expected = Set(folded.indices.filter { satisfies(folded[$0], \.must) })
        let foundSet = Set(found.filter { folded.indices.contains($0) })
        let wrong = foundSet.filter { !satisfies(folded[$0], { $0.must + $0.may }) }.sorted()
        return Outcome(
            search: search, expected: expected.count, expectedFound: expected.intersection(foundSet).count,
            found: foundSet.count, falseMatches: wrong.map { catalog[$0] },
            missed: expected.subtracting(foundSet).sorted().map { catalog[$0] }
        )
    }

    /// The figures of a set of outcomes.
    public struct Score: Sendable {
        public let searches: Int
        /// Expected recipes found over expected recipes, all searches pooled.
        public let recall: Double
        /// Found recipes a cook would not accept over found recipes, all searches pooled.
        public let falseMatchRate: Double
        /// Searches that found nothing although the catalog has recipes the cook expects.
        public let emptyWhereExpected: [String]

        public init(_ outcomes: [Outcome]) {
            searches = outcomes.count
            let expected = outcomes.map(\.expected).reduce(0, +)
            let found = outcomes.map(\.found).reduce(0, +)
            recall = expected == 0 ? 1 : Double(outcomes.map(\.expectedFound).reduce(0, +)) / Double(expected)
            falseMatchRate = found == 0 ? 0 : Double(outcomes.map(\.falseMatches.count).reduce(0, +)) / Double(found)
            emptyWhereExpected = outcomes.filter { $0.expected > 0 && $0.found == 0 }.map(\.search.typed)
        }
    }
}
