public import Entity

/// Pages read online a moment ago, kept for a while: opening one again, or saving it as a favorite,
/// costs no request.
public actor RecentPages {
    private var pages: [RecipeID: RecipePage] = [:]
    private var order: [RecipeID] = []
    private let keep: Int

    public init(keep: Int = 20) {
        self.keep = max(1, keep)
    }

    public func page(for id: RecipeID) -> RecipePage? {
        pages[id]
    }

    public func remember(_ page: RecipePage, for id: RecipeID) {
        if pages.updateValue(page, forKey: id) == nil { order.append(id) }
        while order.count > keep {
            pages[order.removeFirst()] = nil
        }
    }
}
