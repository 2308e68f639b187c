public import Entity

/// Which numbered list recipe numbers refer to.
public enum RecipeList: Hashable, Sendable {
    case results
    case favorites
    /// The recipes `have` ranked by how few ingredients they lack.
    case pantryMatches
}

/// A recipe as it was shown: in which list, under which number, and which recipe it was, so that going
/// back returns to that recipe even when the list has changed since.
public struct RecipeReference: Hashable, Sendable {
    public let list: RecipeList
    public let number: Int
    public let id: RecipeID

    public init(list: RecipeList, number: Int, id: RecipeID) {
        self.list = list
        self.number = number
        self.id = id
    }
}

/// Where the person is.
public enum Route: Hashable, Sendable {
    /// Nothing searched yet.
    case start
    /// The screens of the current search.
    case results
    /// A search that found nothing (the search before it is still there, one step back).
    case emptySearch
    /// The favorites screen.
    case favorites
    /// The recipes `have` ranked.
    case pantryMatches
    /// One recipe in full.
    case recipe(RecipeReference)
    /// A recipe's page in the reader.
    case reader(RecipeReference)
    case help

    /// The list this route shows or belongs to; nil for routes outside any list.
    public var list: RecipeList? {
        switch self {
        case .results: return .results
        case .favorites: return .favorites
        case .pantryMatches: return .pantryMatches
        case .recipe(let reference), .reader(let reference): return reference.list
        case .start, .emptySearch, .help: return nil
        }
    }
}

/// Which screen is showing, which list recipe numbers refer to, and the way back.
@MainActor
public final class Router {
    public private(set) var current: Route = .start
    /// The list recipe numbers refer to: the last list shown, or that of the recipe shown.
    public private(set) var activeList: RecipeList = .results
    /// The screens before this one, each with the list numbers referred to there.
    private var history: [(route: Route, list: RecipeList)] = []
    private let depth: Int

    public init(depth: Int = 50) {
        self.depth = max(1, depth)
    }

    /// Shows `route`, remembering the screen it replaces.
    public func show(_ route: Route) {
        guard route != current else { return }
        history.append((current, activeList))
        if history.count > depth { history.removeFirst(history.count - depth) }
        move(to: route)
    }

    /// Starts over at `route`, forgetting the way back (a new search is a new trail).
    public func reset(to route: Route) {
        history = [(.start, .results)]
        move(to: route)
    }

    /// Goes back one screen; nil when there is nowhere to go.
    public func back() -> Route? {
        guard let previous = history.popLast() else { return nil }
        current = previous.route
        activeList = previous.list
        return previous.route
    }

    private func move(to route: Route) {
        current = route
        if let list = route.list { activeList = list }
    }
}
