import Entity
public import Interactor

/// The shopping list as `recipes list --json` prints it: its recipes, what to buy in aisle order, and
/// what the pantry and staples take off it.
public struct ShoppingListRecord: Encodable, Sendable, Equatable {
    public struct RecipeEntry: Encodable, Sendable, Equatable {
        public let number: Int
        public let title: String
        public let href: String
        public let factor: Double
        public let lines: [String]
        public let linesFromPage: Bool

        enum CodingKeys: String, CodingKey { case number, title, href, factor, lines, linesFromPage = "lines_from_page" }
    }

    public struct Amount: Encodable, Sendable, Equatable {
        public let quantity: Double
        public let quantityMax: Double?
        public let unit: String?

        enum CodingKeys: String, CodingKey { case quantity, quantityMax = "quantity_max", unit }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(quantityMax, forKey: .quantityMax)
            try container.encode(unit, forKey: .unit)
        }
    }

    public struct Item: Encodable, Sendable, Equatable {
        public let name: String
        public let aisle: String
        /// `3 cups milk`: as the list on screen writes it.
        public let text: String
        public let amounts: [Amount]
        /// Whether some line asks for it with no amount too (`to taste`).
        public let alsoUnmeasured: Bool
        /// The titles of the recipes that ask for it.
        public let recipes: [String]

        enum CodingKeys: String, CodingKey { case name, aisle, text, amounts, alsoUnmeasured = "also_unmeasured", recipes }
    }

    public let recipes: [RecipeEntry]
    public let items: [Item]
    /// What is left off, held in the pantry or a staple.
    public let inPantry: [String]

    enum CodingKeys: String, CodingKey { case recipes, items, inPantry = "in_pantry" }

    init(_ screen: ShoppingListScreen) {
        recipes = screen.recipes.enumerated().map { offset, recipe in
            RecipeEntry(number: offset + 1, title: recipe.title, href: recipe.href, factor: recipe.factor, lines: recipe.lines,
                        linesFromPage: recipe.linesFromPage)
        }
        items = screen.list.items.map { item in
            var titles: [String] = []
            for source in item.sources where !titles.contains(source.recipe) { titles.append(source.recipe) }
            return Item(name: item.name, aisle: item.aisle.rawValue, text: KitchenFormatter.itemText(item, units: screen.units),
                        amounts: item.amounts(in: screen.units).map { Amount(quantity: $0.quantity.low, quantityMax: $0.quantity.high, unit: $0.unit?.name) },
                        alsoUnmeasured: item.alsoUnmeasured, recipes: titles)
        }
        inPantry = screen.list.inPantry.map(\.name)
    }
}

/// A recipe of a pantry ranking as `recipes have --json` prints it: the keys of `search --json`, then
/// `missing` (what the pantry lacks, as the recipe names it), `uses` and `of`.
public struct PantryMatchRecord: Encodable, Sendable, Equatable {
    public let recipe: RecipeRecord
    public let missing: [String]
    public let uses: Int
    public let of: Int

    enum CodingKeys: String, CodingKey { case missing, uses, of }

    init(_ match: PantryMatch, lactoseKnown: inout [String: Bool]) {
        recipe = RecipeRecord(ListedRecipe(number: match.number, recipe: match.recipe, isFavorite: match.isFavorite, lactoseKnown: &lactoseKnown))
        missing = match.entry.missing
        uses = match.entry.uses
        of = match.entry.of
    }

    public func encode(to encoder: any Encoder) throws {
        try recipe.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(missing, forKey: .missing)
        try container.encode(uses, forKey: .uses)
        try container.encode(of, forKey: .of)
    }
}

/// What `recipes list` came to.
public enum ShoppingListOutcome: Sendable, Equatable {
    case found(ShoppingListRecord, model: ShoppingListModel)
    /// Nothing on the list: the (empty) record, for JSON, and what to say.
    case empty(ShoppingListRecord, MessageModel)
    case failed(MessageModel)
}

/// The recipes of a pantry ranking as the one-shot prints them: records for JSON or cards for text,
/// each made when asked for, so a run prints one without paying for the other.
public struct PantryMatchListing: Sendable, Equatable {
    let matches: [PantryMatch]

    public var records: [PantryMatchRecord] {
        var lactose: [String: Bool] = [:]
        return matches.map { PantryMatchRecord($0, lactoseKnown: &lactose) }
    }
    public var cards: [RecipeCard] { matches.map(KitchenFormatter.card) }
}

/// What `recipes have` came to.
public enum PantryMatchOutcome: Sendable, Equatable {
    /// Recipes ranked, as records (for JSON) or cards (for text); `notes` say what is worth knowing (a
    /// partial ranking, a name that looks misspelt).
    case found(PantryMatchListing, notes: [MessageModel])
    case nothingFound(MessageModel, notes: [MessageModel])
    case failed(MessageModel)
}

/// The kitchen's one-shot commands: `recipes list`, `recipes have`.
@MainActor
public final class KitchenOneShotPresenter {
    private let kitchen: KitchenInteractor
    private let matching: PantryMatchInteractor
    private let messages = Messages(mode: .oneShot)

    public init(kitchen: KitchenInteractor, matching: PantryMatchInteractor) {
        self.kitchen = kitchen
        self.matching = matching
    }

    public func list() async -> ShoppingListOutcome {
        do throws(UseCaseError) {
            let screen = try await kitchen.list()
            guard !screen.recipes.isEmpty else { return .empty(ShoppingListRecord(screen), messages.emptyList()) }
            return .found(ShoppingListRecord(screen), model: KitchenFormatter.list(screen, footer: false))
        } catch {
            return .failed(messages.error(error))
        }
    }

    /// `recipes have "eggs, milk" [--missing N] [--strict]`; no names: the pantry's.
    public func have(_ request: HaveRequest) async -> PantryMatchOutcome {
        var pantry = KitchenInteractor.items(request.names)
        if request.names.isEmpty {
            do throws(UseCaseError) {
                pantry = try await kitchen.pantry()
            } catch {
                return .failed(messages.error(error))
            }
        }
        guard !pantry.isEmpty else { return .failed(messages.nothingToMatch()) }
        switch await matching.matches(for: pantry, maxMissing: request.maxMissing, strict: request.strict) {
        case .failed(let error):
            return .failed(messages.error(error))
        case .matches(let matches):
            var notes = matches.partial.map { [messages.partialRanking($0)] } ?? []
            notes += matches.unmatched.map { messages.pantryNameUnknown($0.name, suggestions: $0.suggestions) }
            guard !matches.matches.isEmpty else { return .nothingFound(messages.noPantryMatches(matches), notes: notes) }
            return .found(PantryMatchListing(matches: matches.matches), notes: notes)
        }
    }
}
