package import Entity
import Dispatch
import ServiceSupport

/// The catalog's ingredients as the pantry ranking reads them, made once (on the first `have=`): each
/// distinct ingredient name once, with its key (`PantryMatch.key`), what the food table says it is, and
/// whether it is a staple; each recipe as the numbers of its names, the first name of each key in its
/// order. A ranking then decides once per distinct name whether the pantry holds it and walks numbers, so
/// its cost is the catalog's ingredient count in array reads, whatever the text of the names.
package struct PantryTable: Sendable {
    private let names: [String]
    private let keys: [String]
    private let concepts: [[String]]
    private let staples: [Bool]
    /// The names' numbers by key, and by each concept they are.
    private let namesByKey: [String: [Int32]]
    private let namesByConcept: [String: [Int32]]
    /// The recipes' name numbers, one after another; recipe `r`'s are `ids[starts[r]..<starts[r + 1]]`.
    private let ids: [Int32]
    private let starts: [Int32]
    /// Each distinct key once, with the first name that has it, in catalog order (for suggestions).
    package let vocabulary: [PantryMatch.Ingredient]
    /// Every concept any ingredient of the catalog is, and every key.
    package let knownConcepts: Set<String>
    package let knownKeys: Set<String>

    package init(recipes: [CatalogRecipe], facts: FoodFacts = .standard) {
        var numbers: [String: Int32] = [:]
        var names: [String] = []
        var keys: [String] = []
        var ids: [Int32] = []
        var starts: [Int32] = [0]
        /// The first name of each key, by number, in catalog order.
        var firstOfKey: [Int32] = []
        var vocabularyKeys = Set<String>()
        var seen = Set<String>()
        starts.reserveCapacity(recipes.count + 1)
        for recipe in recipes {
            seen.removeAll(keepingCapacity: true)
            for name in recipe.ingredients {
                let number: Int32
                if let known = numbers[name] {
                    number = known
                } else {
                    number = Int32(names.count)
                    numbers[name] = number
                    let key = PantryMatch.key(name)
                    names.append(name)
                    keys.append(key)
                    if vocabularyKeys.insert(key).inserted { firstOfKey.append(number) }
                }
                let key = keys[Int(number)]
                if !key.isEmpty, seen.insert(key).inserted { ids.append(number) }
            }
            starts.append(Int32(ids.count))
        }
        // What the food table says each name is: most of the table's cost, spread over two threads.
        let concepts = Self.concepts(of: names, facts: facts)
        self.names = names
        self.keys = keys
        self.concepts = concepts
        staples = keys.map(PantryMatch.isStaple)
        self.ids = ids
        self.starts = starts
        vocabulary = firstOfKey.map { (names[Int($0)], keys[Int($0)], concepts[Int($0)]) }
        knownConcepts = Set(concepts.joined())
        knownKeys = vocabularyKeys
        var byKey: [String: [Int32]] = [:]
        var byConcept: [String: [Int32]] = [:]
        for number in names.indices {
            byKey[keys[number], default: []].append(Int32(number))
            for concept in concepts[number] { byConcept[concept, default: []].append(Int32(number)) }
        }
        namesByKey = byKey
        namesByConcept = byConcept
    }

    /// `facts.concepts(of:)` of each name, in order; a long list in two halves at once.
    private static func concepts(of names: [String], facts: FoodFacts) -> [[String]] {
        let parts = names.count >= 512 ? 2 : 1
        let size = (names.count + parts - 1) / parts
        let done = Locked<[[[String]]]>(Array(repeating: [], count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = min(part * size, names.count)..<min((part + 1) * size, names.count)
            let found = names[range].map { facts.concepts(of: $0) }
            done.withLock { $0[part] = found }
        }
        return Array(done.current.joined())
    }

    /// The candidates (catalog positions, in the order to keep among equals) ranked for `request`:
    /// recipes lacking at most `request.missing` of their ingredients and using one of the names given,
    /// fewest missing first, then those using the most, then in the candidates' order. Salt, pepper,
    /// water and oil count as held unless `strict`.
    package func rank(_ candidates: [Int32], request: PantryRequest) -> [PantryEntry] {
        // Whether the pantry holds each name: those of a key given, and those that are a concept given.
        var holds = [Bool](repeating: false, count: names.count)
        for key in request.keys { for number in namesByKey[key] ?? [] { holds[Int(number)] = true } }
        for concept in request.concepts { for number in namesByConcept[concept] ?? [] { holds[Int(number)] = true } }
        var entries: [(entry: PantryEntry, order: Int)] = []
        var missing: [Int32] = []
        for (order, position) in candidates.enumerated() {
            let range = Int(starts[Int(position)])..<Int(starts[Int(position) + 1])
            missing.removeAll(keepingCapacity: true)
            var uses = 0
            var usesPantry = false
            for number in ids[range] {
                if holds[Int(number)] {
                    uses += 1
                    usesPantry = true
                } else if !request.strict && staples[Int(number)] {
                    uses += 1
                } else {
                    missing.append(number)
                    if missing.count > request.missing { break }
                }
            }
            guard usesPantry, missing.count <= request.missing else { continue }
            entries.append((PantryEntry(position: position, missing: missing.map { names[Int($0)] }, uses: uses, of: range.count), order))
        }
        entries.sort { left, right in
            if left.entry.missing.count != right.entry.missing.count { return left.entry.missing.count < right.entry.missing.count }
            if left.entry.uses != right.entry.uses { return left.entry.uses > right.entry.uses }
            return left.order < right.order
        }
        return entries.map(\.entry)
    }
}
