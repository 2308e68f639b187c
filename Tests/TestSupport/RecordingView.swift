public import Presenter

/// A view that records what it was told to show, for testing presenters alone.
@MainActor
public final class RecordingView: RecipesView {
    public enum Shown: Equatable {
        case screen(ScreenModel)
        case recipe(RecipeDetailModel)
        case page(PageModel)
        case message(MessageModel)
        case help
    }

    public private(set) var shown: [Shown] = []
    public private(set) var activities: [String?] = []

    public init() {}

    public func display(_ screen: ScreenModel) { shown.append(.screen(screen)) }
    public func display(_ recipe: RecipeDetailModel) { shown.append(.recipe(recipe)) }
    public func display(_ page: PageModel) async { shown.append(.page(page)) }
    public func display(_ message: MessageModel) { shown.append(.message(message)) }
    public func displayHelp() { shown.append(.help) }
    public func setActivity(_ activity: String?) { activities.append(activity) }

    public var lastScreen: ScreenModel? {
        for item in shown.reversed() { if case .screen(let screen) = item { return screen } }
        return nil
    }

    public var messages: [MessageModel] {
        shown.compactMap { if case .message(let message) = $0 { return message } else { return nil } }
    }

    public func clear() { shown = [] }
}
