import Foundation
public import Entity
public import Services
public import ServiceSupport

/// The kitchen's use cases, kept in the favorites database so they work offline and across runs: the
/// shopping list (recipes added with the lines they need, the list they make merged by aisle minus the
/// pantry, written to a file), the pantry, and the units recipe cards are shown in.
public actor KitchenInteractor {
    private let opening: FavoritesOpening
    private let reading: ReadingInteractor
    private let writer: any TextFileWriting
    private let time: any TimeSource

    /// The setting under which the units are remembered.
    static let unitsSetting = "units"

    public init(opening: FavoritesOpening, reading: ReadingInteractor, writer: any TextFileWriting = TextFileWriter(), time: any TimeSource) {
        self.opening = opening
        self.reading = reading
        self.writer = writer
        self.time = time
    }

    // MARK: Units

    /// The units cards are shown in; nil for as written (also when never set).
    public func units() async throws(UseCaseError) -> UnitSystem? {
        let store = try await requireStore()
        let value = try await query { () throws(ServiceError) in try await store.setting(Self.unitsSetting) }
        return value.flatMap(UnitSystem.init(rawValue:))
    }

    /// Remembers the units cards are shown in (nil: as written).
    public func setUnits(_ units: UnitSystem?) async throws(UseCaseError) {
        let store = try await requireStore()
        try await query { () throws(ServiceError) in try await store.setSetting(Self.unitsSetting, to: units?.rawValue) }
    }

    // MARK: The shopping list

    /// Puts a recipe on the shopping list with the lines it needs: its page's ingredient lines (read
    /// without the network when the page is at hand, else fetched), or, when the page cannot be read or
    /// holds no recipe, the ingredient names the search gave. `scale` is how much of it is made (`x2`,
    /// `serves 6`, read against the page's yield). A recipe on the list already is replaced.
    public func addToList(_ recipe: Recipe, scale: CardScale? = nil) async throws(UseCaseError) -> ListAddition {
        let store = try await requireStore()
        var pageRecipe = await reading.knownRecipe(of: recipe)
        var pageProblem: UseCaseError?
        if pageRecipe == nil {
            do throws(UseCaseError) {
                pageRecipe = try await reading.read(recipe).pageRecipe
            } catch {
                pageProblem = error
            }
        }
        let lines = pageRecipe?.ingredients.filter { !$0.allSatisfy(\.isWhitespace) } ?? []
        let fromPage = !lines.isEmpty
        let factor = scale?.factor(yields: pageRecipe?.yields)
        let entry = ShoppingListRecipe(id: recipe.id, title: recipe.title, href: recipe.href, lines: fromPage ? lines : recipe.ingredients,
                                       yields: pageRecipe?.yields, factor: factor ?? 1, linesFromPage: fromPage, addedAt: time.now())
        let isNew = try await query { () throws(ServiceError) in try await store.addToShoppingList(entry) }
        return ListAddition(recipe: entry, wasOnTheList: !isNew, pageProblem: fromPage ? nil : pageProblem,
                            scaleUnknown: scale != nil && factor == nil)
    }

    /// The shopping list: its recipes, and the list they make, merged and by aisle, less what the
    /// pantry holds (and, unless `strict`, salt, pepper and oil).
    public func list(strict: Bool = false) async throws(UseCaseError) -> ShoppingListScreen {
        let store = try await requireStore()
        let (recipes, pantry, units) = try await query { () throws(ServiceError) in
            (try await store.shoppingList(), try await store.pantry(), try await store.setting(Self.unitsSetting))
        }
        let list = ShoppingList(recipes: recipes.map(\.shoppingRecipe), pantry: pantry.map(\.food), staples: !strict)
        return ShoppingListScreen(recipes: recipes, list: list, pantry: pantry, units: units.flatMap(UnitSystem.init(rawValue:)))
    }

    /// Takes recipe `number` of the list (numbered from 1 in the order added) off it; nil when there is
    /// no such recipe.
    public func removeFromList(number: Int) async throws(UseCaseError) -> ShoppingListRecipe? {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) -> ShoppingListRecipe? in
            let recipes = try await store.shoppingList()
            guard number >= 1, number <= recipes.count else { return nil }
            let recipe = recipes[number - 1]
            try await store.removeFromShoppingList(recipe.id)
            return recipe
        }
    }

    /// Empties the shopping list; how many recipes were on it.
    public func clearList() async throws(UseCaseError) -> Int {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.clearShoppingList() }
    }

    /// Writes `text` (the list in Markdown) to `path`: a new file, or a regular file replaced whole; a
    /// link, folder, pipe or device there is refused.
    public nonisolated func write(_ text: String, to path: String) -> FileOutcome {
        do throws(FileWriteError) {
            return .written(try writer.write(text, to: path))
        } catch {
            if error.isRefusal { return .refused(error.path, reason: error.reason) }
            let cause: FileOutcome.Cause = switch error.cause {
            case .noSpace: .noSpace
            case .notPermitted: .notPermitted
            case .readOnlyDisk: .readOnlyDisk
            case .nameTooLong: .nameTooLong
            case .noFolder: .noFolder
            case .other: .other
            }
            return .failed(error.path, reason: error.reason, cause: cause)
        }
    }

    // MARK: The pantry

    public func pantry() async throws(UseCaseError) -> [PantryItem] {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.pantry() }
    }

    /// The most names the pantry holds, and the longest food name in it: what `have` can send to a
    /// server (the query builder's own limits), so that what the pantry took `have` can use.
    public static let maxPantryNames = QueryBuilder.maxPantryNames
    public static let maxPantryNameLength = QueryBuilder.maxIngredientLength

    /// Adds names (`eggs, milk`); what was added, and what was there already; or, with nothing added,
    /// why not: a name longer than `have` can send, or more names than it can send.
    public func addToPantry(_ names: [String]) async throws(UseCaseError)
        -> (added: [PantryItem], already: [PantryItem], refused: PantryRefusal?) {
        let store = try await requireStore()
        let items = Self.items(names)
        if let long = items.first(where: { $0.food.count > Self.maxPantryNameLength }) {
            return ([], [], .nameTooLong(long.name, limit: Self.maxPantryNameLength))
        }
        let held = Set(try await query { () throws(ServiceError) in try await store.pantry() }.map(\.key))
        let new = items.filter { !held.contains($0.key) }.count
        if held.count + new > Self.maxPantryNames {
            return ([], [], .tooMany(holding: held.count, adding: new, limit: Self.maxPantryNames))
        }
        let added = try await query { [time] () throws(ServiceError) in try await store.addToPantry(items, at: time.now()) }
        let addedKeys = Set(added.map(\.key))
        return (added, items.filter { !addedKeys.contains($0.key) }, nil)
    }

    /// Takes names off the pantry (`eggs` takes off `Eggs` and `large eggs`); what was taken off, and
    /// what was not in it.
    public func removeFromPantry(_ names: [String]) async throws(UseCaseError) -> (removed: [PantryItem], notThere: [PantryItem]) {
        let store = try await requireStore()
        let items = Self.items(names)
        let removed = try await query { () throws(ServiceError) in try await store.removeFromPantry(items) }
        let removedKeys = Set(removed.map(\.key))
        return (removed, items.filter { !removedKeys.contains($0.key) })
    }

    /// Empties the pantry; how many names were in it.
    public func clearPantry() async throws(UseCaseError) -> Int {
        let store = try await requireStore()
        return try await query { () throws(ServiceError) in try await store.clearPantry() }
    }

    /// Names as typed, each once (by key), in order, a piece that only says how the one before it is
    /// prepared joined to it (`garlic, minced`); names with nothing to compare are left out.
    public static func items(_ names: [String]) -> [PantryItem] {
        var seen = Set<IngredientKey>()
        return PantryItem.items(names).map(PantryItem.init(name:)).filter { !$0.key.isEmpty && seen.insert($0.key).inserted }
    }

    // MARK: The store

    private func requireStore() async throws(UseCaseError) -> FavoritesStore {
        try await opening.requiredStore()
    }

    private func query<T: Sendable>(_ body: () async throws(ServiceError) -> T) async throws(UseCaseError) -> T {
        try await storeQuery(body)
    }
}

/// What putting a recipe on the shopping list came to.
public struct ListAddition: Sendable, Equatable {
    public let recipe: ShoppingListRecipe
    /// It was on the list already, and was replaced.
    public let wasOnTheList: Bool
    /// Why its page could not be read, when its names were listed without amounts for that reason.
    public let pageProblem: UseCaseError?
    /// A number of servings was asked for, and the recipe does not say how many it serves.
    public let scaleUnknown: Bool
}

/// The shopping list as it stands: its recipes in the order added, and what they make.
public struct ShoppingListScreen: Sendable, Equatable {
    public let recipes: [ShoppingListRecipe]
    public let list: ShoppingList
    public let pantry: [PantryItem]
    /// The units cards are shown in, which the list is written in too (nil: as summed).
    public let units: UnitSystem?
}

/// What writing a file came to.
public enum FileOutcome: Sendable, Equatable {
    /// What the file system's refusal comes down to.
    public enum Cause: Sendable, Equatable {
        case noSpace, notPermitted, readOnlyDisk, nameTooLong, noFolder, other
    }

    /// Written at this path (`~` expanded).
    case written(String)
    /// The path names a link, folder, pipe or device, which is not written through or replaced, or
    /// one of RecipeBook's own files, or nothing.
    case refused(String, reason: String)
    case failed(String, reason: String, cause: Cause)
}

/// Why `pantry add` took nothing: what it was given is more than `have` can send to a server.
public enum PantryRefusal: Sendable, Equatable {
    /// A name whose food is longer than `limit` characters (the name as typed).
    case nameTooLong(String, limit: Int)
    /// The pantry holds `holding` names and `adding` more would pass `limit`.
    case tooMany(holding: Int, adding: Int, limit: Int)
}
