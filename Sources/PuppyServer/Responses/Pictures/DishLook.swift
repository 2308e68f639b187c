/// What a recipe's picture shows, decided from its title, ingredients and cuisine alone (so the same
/// recipe always looks the same): a plate or a bowl on a table, filled with the dish's base colour in
/// a texture, with garnish pieces in the colours of its other ingredients.
struct DishLook: Sendable {
    enum Vessel: Sendable {
        case plate, bowl
    }

    enum Texture: Sendable {
        /// A sauce, purée or soup.
        case smooth
        /// Pasta or noodles: strands in `grainColour` through the sauce.
        case strands
        /// Rice and other grains: grains in `grainColour` over the base.
        case grains
        /// A stew or a sauté: pieces of the base in a darker sauce.
        case chunky
        /// Something baked: a golden top with a darker crust at the edge.
        case baked
        /// A salad: overlapping leaves.
        case leafy
    }

    enum Table: Sendable {
        case gingham(RGB)
        case wood(RGB)
    }

    struct Garnish: Sendable {
        var colour: RGB
        var piece: IngredientLook.Piece
        /// Distinguishes the garnishes' positions.
        var name: String
    }

    var base: RGB
    var grainColour: RGB
    var vessel: Vessel
    var texture: Texture
    var garnishes: [Garnish]
    var table: Table
    var vesselColour: RGB
    /// Pastry strips across a pie or tart.
    var hasLattice: Bool
    /// A coloured band on the plate's rim, on some plates.
    var band: RGB?
    /// Drives every remaining choice (positions, wobble, noise).
    var seed: UInt64

    init(recipe: CatalogRecipe) {
        seed = StableHash.mix(StableHash.fnv1a(recipe.id))
        let titleWords = Set(TitleWords.words(recipe.title).map { SearchFolding.term($0).key })
        let keys = recipe.ingredients.map { SearchFolding.ingredientKey($0) }
        let looks = recipe.ingredients.map { IngredientLooks.look(for: $0) }
        func has(_ words: Set<String>) -> Bool {
            keys.contains { key in key.split(separator: " ").contains { words.contains(String($0)) } }
        }

        vessel = !titleWords.isDisjoint(with: Self.bowlWords) ? .bowl : .plate
        let strandSource = keys.firstIndex { key in key.split(separator: " ").contains { Self.strandWords.contains(String($0)) } }
        let grainSource = keys.firstIndex { key in key.split(separator: " ").contains { Self.grainWords.contains(String($0)) } }

        // The base: the ingredient that colours the dish most. Sauces and purées count most, then main
        // ingredients; earlier ingredients (the catalogs list the main ones first) count more; in a
        // bowl, a liquid counts more.
        // Two sauces that count nearly as much are blended (a curry paste in coconut milk).
        var scores: [(index: Int, score: Double)] = []
        for (index, look) in looks.enumerated() {
            guard let look, look.body > 0 else { continue }
            if index == strandSource || index == grainSource { continue }
            var score = Double(look.body) * 2 + 3 * (1 - Double(index) / Double(looks.count))
            if vessel == .bowl, look.body < 3, Self.liquids.contains(keys[index]) { score += 3 }
            scores.append((index, score))
        }
        let ranked = scores.sorted { $0.score > $1.score || ($0.score == $1.score && $0.index < $1.index) }
        var baseIndex = ranked.first?.index
        var secondSauce: Int?
        if let best = ranked.first, looks[best.index]?.body == 3,
           let runnerUp = ranked.dropFirst().first(where: { looks[$0.index]?.body == 3 }), best.score - runnerUp.score < 0.5 {
            secondSauce = runnerUp.index
        }

        if !titleWords.isDisjoint(with: Self.bakedWords) {
            texture = .baked
        } else if strandSource != nil {
            texture = .strands
        } else if grainSource != nil, vessel == .plate {
            texture = .grains
        } else if !titleWords.isDisjoint(with: Self.saladWords) {
            texture = .leafy
        } else if let baseIndex, let look = looks[baseIndex], look.body >= 3 || vessel == .bowl {
            texture = .smooth
        } else {
            texture = .chunky
        }
        hasLattice = texture == .baked && !titleWords.isDisjoint(with: Self.latticeWords)

        let neutral = RGB(206, 168, 112)
        switch texture {
        case .strands, .grains:
            let source = texture == .strands ? strandSource : grainSource
            grainColour = source.flatMap { looks[$0]?.colour } ?? RGB(238, 206, 132)
            // Pasta takes only a sauce as its base; meat or vegetables are pieces on it. Rice takes on
            // the colour of what it was cooked with.
            if let index = baseIndex, let look = looks[index], look.body >= (texture == .strands ? 3 : 2) {
                base = look.colour
            } else {
                base = grainColour.scaled(0.86)
                baseIndex = nil
                secondSauce = nil
            }
        case .baked:
            base = baseIndex.flatMap { looks[$0]?.colour }.map { $0.mixed(with: RGB(222, 160, 80), 0.55) } ?? RGB(222, 166, 86)
            grainColour = base
        case .leafy:
            let leafy = looks.firstIndex { $0?.piece == .leaf && ($0?.body ?? 0) >= 2 }
            base = leafy.flatMap { looks[$0]?.colour } ?? RGB(120, 176, 80)
            grainColour = base
        default:
            base = baseIndex.flatMap { looks[$0]?.colour } ?? strandSource.flatMap { looks[$0]?.colour }
                ?? grainSource.flatMap { looks[$0]?.colour } ?? looks.compactMap { $0?.colour }.first ?? neutral
            grainColour = base
        }
        if texture != .baked, let secondSauce, let other = looks[secondSauce] {
            base = base.mixed(with: other.colour, 0.38)  // two sauces: a curry paste in coconut milk
        }
        if vessel == .bowl, let baseIndex, let look = looks[baseIndex], look.body < 3, !Self.liquids.contains(keys[baseIndex]) {
            base = base.mixed(with: RGB(214, 170, 96), 0.5)  // a broth tinted by what was cooked in it
        }
        if texture == .grains, base.distance(to: grainColour) > 40 {
            grainColour = grainColour.mixed(with: base, 0.45)  // rice cooked in its sauce
        }

        // Garnishes: every other ingredient that shows, most distinct first, at most six kinds.
        var garnishes: [Garnish] = []
        for (index, look) in looks.enumerated() {
            guard let look, index != baseIndex, index != secondSauce, garnishes.count < 6 else { continue }
            if texture == .strands, index == strandSource { continue }
            if texture == .grains, index == grainSource { continue }
            if garnishes.contains(where: { $0.colour == look.colour && $0.piece == look.piece }) { continue }
            var colour = look.colour
            if colour.distance(to: base) < 60 {
                colour = colour.lightness > 128 ? colour.scaled(0.72) : colour.mixed(with: .white, 0.35)
            }
            garnishes.append(Garnish(colour: colour, piece: look.piece, name: keys[index]))
        }
        self.garnishes = garnishes

        let cuisineHash = StableHash.mix(StableHash.fnv1a(recipe.cuisine.isEmpty ? recipe.id : recipe.cuisine.lowercased()))
        let tables: [Table] = [
            .gingham(RGB(192, 42, 46)), .gingham(RGB(52, 94, 170)), .gingham(RGB(58, 128, 82)),
            .gingham(RGB(214, 164, 44)), .gingham(RGB(40, 138, 140)), .wood(RGB(150, 100, 62)),
            .wood(RGB(112, 74, 48)), .wood(RGB(176, 132, 88)),
        ]
        table = tables[Int(cuisineHash % UInt64(tables.count))]
        let plates = [RGB(247, 246, 241), RGB(241, 233, 214), RGB(206, 214, 220), RGB(247, 246, 241)]
        let bowls = [RGB(247, 246, 241), RGB(196, 112, 72), RGB(52, 78, 122), RGB(226, 220, 206)]
        let vessels = vessel == .plate ? plates : bowls
        vesselColour = vessels[Int((seed >> 8) % UInt64(vessels.count))]
        let bands = [RGB(48, 82, 160), RGB(150, 40, 40), RGB(40, 110, 90)]
        band = vessel == .plate && (seed >> 16) % 5 < 2 ? bands[Int((seed >> 20) % UInt64(bands.count))] : nil
    }

    private static func keys(_ words: [String]) -> Set<String> {
        Set(words.map { SearchFolding.term($0).key })
    }

    private static let bowlWords = keys([
        "soup", "stew", "curry", "chili", "chilli", "broth", "ramen", "pho", "chowder", "bisque", "gumbo", "dal",
        "dhal", "daal", "congee", "porridge", "gazpacho", "laksa", "goulash", "borscht", "minestrone",
        "bouillabaisse", "pozole", "menudo", "yum", "jjigae", "oatmeal", "ribollita", "caldo", "sopa",
        "harira", "rasam", "sambar", "korma", "vindaloo", "masala", "tikka", "stroganoff", "chili",
    ])
    private static let strandWords = keys([
        "spaghetti", "noodle", "linguine", "fettuccine", "tagliatelle", "pappardelle", "udon", "soba", "ramen",
        "vermicelli", "pasta", "bucatini", "capellini",
    ])
    private static let grainWords = keys(["rice", "couscous", "quinoa", "bulgur", "barley", "freekeh", "farro"])
    private static let bakedWords = keys([
        "cake", "pie", "tart", "quiche", "bread", "brownie", "cookie", "muffin", "loaf", "pizza", "galette",
        "clafoutis", "gratin", "lasagna", "lasagne", "moussaka", "casserole", "cobbler", "crumble", "focaccia",
        "frittata", "tortilla", "pastitsio", "souffle", "flan", "cheesecake", "strudel", "baklava", "scone",
        "biscuit", "empanada", "calzone", "bake", "pastry", "tarte", "crostata", "spanakopita", "burek",
        "pancake", "crepe", "waffle", "blini", "galette", "kugel", "torte", "gateau",
    ])
    private static let latticeWords = keys(["pie", "tart", "galette", "crostata", "cobbler", "tarte"])
    private static let liquids: Set<String> = Set([
        "stock", "broth", "chicken stock", "beef stock", "vegetable stock", "fish stock", "dashi", "milk", "water",
    ].map { SearchFolding.ingredientKey($0) })
    private static let saladWords = keys(["salad", "slaw", "coleslaw", "tabbouleh", "fattoush", "caprese"])
}
