public import Interactor

/// What `recipes read` came to.
public enum ReadOutcome: Sendable, Equatable {
    /// The page holds a recipe: as a record (for JSON) and as a card (for text); `notes` say how it was
    /// read (a kept copy standing in for the network).
    case found(PageRecipeRecord, card: PageModel, notes: [MessageModel])
    /// The page was read and holds no recipe RecipeBook can find.
    case noRecipe(MessageModel)
    case failed(MessageModel)
}

/// `recipes read URL|FILE`: the recipe read out of one page, then exit.
@MainActor
public final class RecipeReadPresenter {
    private let reading: ReadingInteractor
    private let messages: Messages

    /// `messages`: worded for the command line, or for the prompt where an address is pasted.
    public init(reading: ReadingInteractor, messages: Messages = Messages(mode: .oneShot)) {
        self.reading = reading
        self.messages = messages
    }

    /// The recipe at `location`, scaled to serve `servings` and its amounts in `units` when asked
    /// (`--servings 6 --units metric`).
    public func read(_ location: ReadingInteractor.Location, servings: Double?, units: UnitsRequest?) async -> ReadOutcome {
        await read(location, amounts: CardAmounts(scale: servings.map { .serving($0) }, units: units?.system))
    }

    /// The recipe at `location`, its amounts as `amounts` asks.
    public func read(_ location: ReadingInteractor.Location, amounts: CardAmounts = .asWritten) async -> ReadOutcome {
        let name: String
        switch location {
        case .web(let address): name = address
        case .file(let path): name = path
        }
        do throws(UseCaseError) {
            let (page, address, keptAt) = try await reading.page(at: location)
            guard let recipe = page.recipe else {
                return .noRecipe(messages.noRecipe(in: name))
            }
            var source = address.map(ScreenFormatter.readOnline) ?? "file \(name)"
            var notes: [MessageModel] = []
            if let keptAt {
                source = "offline: the copy kept on \(ScreenFormatter.displayDate(keptAt))"
                notes.append(messages.keptPageShown(keptAt: keptAt))
            }
            let card = PageModel(title: recipe.title, source: source, note: RecipeCardFormatter.amountsNote(recipe, amounts: amounts),
                                 blocks: RecipeCardFormatter.blocks(recipe, address: address, amounts: amounts), references: [])
            return .found(PageRecipeRecord(recipe, address: address, amounts: amounts), card: card, notes: notes)
        } catch {
            return .failed(messages.error(error))
        }
    }
}
