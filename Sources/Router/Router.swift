/// Where the person is.
public enum Route: Hashable, Sendable {
    /// Nothing searched yet.
    case start
    /// The screens of the current search.
    case results
    /// One recipe of the list being shown (search results or favorites).
    case recipe(number: Int, list: RecipeList)
    /// A recipe's page in the reader.
    case reader(number: Int, list: RecipeList)
    /// The favorites screen.
    case favorites
    case help
}

/// Which numbered list a recipe number refers to.
public enum RecipeList: Hashable, Sendable {
    case results
    case favorites
}

/// Which screen is showing and the way back.
@MainActor
public final class Router {
    public private(set) var current: Route = .start
    private var history: [Route] = []
    private let depth: Int

    public init(depth: Int = 50) {
        self.depth = max(1, depth)
    }

    /// Shows `route`, remembering the screen it replaces.
    public func show(_ route: Route) {
        guard route != current else { return }
        history.append(current)
        if history.count > depth { history.removeFirst(history.count - depth) }
        current = route
    }

    /// Starts over at `route`, forgetting the way back (a new search is a new trail).
    public func reset(to route: Route) {
        history = [.start]
        current = route
    }

    /// Goes back one screen; nil when there is nowhere to go.
    public func back() -> Route? {
        guard let previous = history.popLast() else { return nil }
        current = previous
        return previous
    }

    /// The list recipe numbers refer to right now.
    public var activeList: RecipeList {
        switch current {
        case .favorites: return .favorites
        case .recipe(_, let list), .reader(_, let list): return list
        case .start, .results, .help:
            return history.last(where: { $0 == .favorites || $0 == .results }) == .favorites ? .favorites : .results
        }
    }
}
