import Entity
public import Interactor

/// The kitchen at the prompt: the units cards are shown in, the shopping list, the pantry.
@MainActor
public final class KitchenPresenter {
    weak var view: (any RecipesView)?
    private let kitchen: KitchenInteractor
    private let messages: Messages
    /// Shared with every list's reader.
    var cards = CardSettings()

    public init(kitchen: KitchenInteractor, messages: Messages = Messages()) {
        self.kitchen = kitchen
        self.messages = messages
    }

    // MARK: Units

    /// Reads the units remembered, once. A database that cannot be read was said already (before the
    /// first command); cards are then shown as written.
    func loadUnits() async {
        guard !cards.unitsKnown else { return }
        cards.unitsKnown = true
        do throws(UseCaseError) {
            cards.units = try await kitchen.units()
        } catch {
            cards.units = nil
        }
    }

    /// `units metric|us|as-written`: remembered, and used from the next card on.
    func setUnits(_ units: UnitSystem?) async {
        do throws(UseCaseError) {
            try await kitchen.setUnits(units)
            cards.units = units
            cards.unitsKnown = true
            view?.display(messages.unitsSet(units))
        } catch {
            // Not remembered, but used for this session all the same.
            cards.units = units
            view?.display(messages.error(error))
        }
    }

    func showUnits() async {
        await loadUnits()
        view?.display(messages.currentUnits(cards.units))
    }

    // MARK: The shopping list

    /// `list N …`: puts each recipe on the list, at the scale its card was asked for.
    func addToList(_ recipes: [Recipe]) async {
        for recipe in recipes {
            do throws(UseCaseError) {
                let addition = try await whileBusy(view, "Adding \(recipe.title) to the shopping list") { () async throws(UseCaseError) -> ListAddition in
                    try await self.kitchen.addToList(recipe, scale: self.cards.scale(of: recipe.id))
                }
                messages.addedToList(addition).forEach { view?.display($0) }
            } catch {
                view?.display(messages.error(error))
                return
            }
        }
    }

    /// `list`: the combined list, by aisle.
    func showList() async {
        do throws(UseCaseError) {
            let screen = try await kitchen.list()
            guard !screen.recipes.isEmpty else {
                view?.display(messages.emptyList())
                return
            }
            view?.display(KitchenFormatter.list(screen))
        } catch {
            view?.display(messages.error(error))
        }
    }

    func removeFromList(_ number: Int) async {
        do throws(UseCaseError) {
            guard let removed = try await kitchen.removeFromList(number: number) else {
                view?.display(messages.noSuchListRecipe(number))
                return
            }
            view?.display(messages.removedFromList(removed))
        } catch {
            view?.display(messages.error(error))
        }
    }

    func clearList() async {
        do throws(UseCaseError) {
            view?.display(messages.listCleared(try await kitchen.clearList()))
        } catch {
            view?.display(messages.error(error))
        }
    }

    /// `list --export FILE.md`.
    func exportList(to path: String) async {
        do throws(UseCaseError) {
            let screen = try await kitchen.list()
            guard !screen.recipes.isEmpty else {
                view?.display(messages.emptyList())
                return
            }
            let outcome = kitchen.write(KitchenFormatter.markdown(screen), to: path)
            view?.display(messages.listWritten(outcome, items: screen.list.items.count))
        } catch {
            view?.display(messages.error(error))
        }
    }

    // MARK: The pantry

    func perform(_ command: PantryCommand) async {
        do throws(UseCaseError) {
            switch command {
            case .show:
                view?.display(messages.pantry(try await kitchen.pantry()))
            case .add(let names):
                let (added, already, refused) = try await kitchen.addToPantry(names)
                view?.display(refused.map(messages.pantryRefused) ?? messages.pantryAdded(added, already: already))
            case .remove(let names):
                let (removed, notThere) = try await kitchen.removeFromPantry(names)
                view?.display(messages.pantryRemoved(removed, notThere: notThere))
            case .clear:
                view?.display(messages.pantryCleared(try await kitchen.clearPantry()))
            }
        } catch {
            view?.display(messages.error(error))
        }
    }
}
