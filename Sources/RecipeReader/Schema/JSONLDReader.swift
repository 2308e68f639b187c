import PageReader

/// Finds schema.org `Recipe` objects in a page's `<script type="application/ld+json">` blocks: in
/// several blocks, top-level arrays, `@graph`, `mainEntity`, `mainEntityOfPage` or nested anywhere.
enum JSONLDReader {
    enum Limits {
        static let scripts = 32
        static let walk = 100_000
        static let depth = 24
    }

    struct Found {
        /// `Recipe` objects in page order.
        var recipes: [[String: JSONValue]] = []
        /// Every object with an `@id`, for references.
        var nodesByID: [String: [String: JSONValue]] = [:]
    }

    private static let skippedKeys: Set<String> = ["recipeInstructions", "recipeIngredient", "review", "comment", "interactionStatistic"]

    static func find(in tree: PageTree) -> Found {
        var found = Found()
        var scripts = 0
        var walked = 0
        for node in tree.nodes where node.kind == .raw && node.name == "script" {
            guard node.parent >= 0, let type = tree.attribute("type", of: node.parent),
                  type.lowercased().contains("ld+json") else { continue }
            scripts += 1
            if scripts > Limits.scripts { break }
            for value in tree.jsonValues(in: node.range) {
                walk(value, into: &found, depth: 0, walked: &walked)
            }
        }
        return found
    }

    private static func walk(_ value: JSONValue, into found: inout Found, depth: Int, walked: inout Int) {
        walked += 1
        guard depth < Limits.depth, walked < Limits.walk else { return }
        switch value {
        case .array(let elements):
            for element in elements {
                guard walked < Limits.walk else { return }
                walk(element, into: &found, depth: depth + 1, walked: &walked)
            }
        case .object(let object):
            if let id = object["@id"]?.string, object.count > 1, found.nodesByID[id] == nil {
                found.nodesByID[id] = object
            }
            if SchemaRecipeReader.hasType(object, "Recipe") {
                found.recipes.append(object)
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                switch member {
                case .object, .array:
                    // Lists inside a recipe (its steps, ingredients) hold no other recipe worth a walk.
                    if skippedKeys.contains(key) {
                        continue
                    }
                    walk(member, into: &found, depth: depth + 1, walked: &walked)
                default:
                    continue
                }
            }
        default:
            return
        }
    }
}
