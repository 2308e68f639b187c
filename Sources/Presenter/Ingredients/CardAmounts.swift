public import Entity

/// How a recipe card writes its ingredients' amounts: scaled (`x2`, `serves 6`), and in which units.
public struct CardAmounts: Sendable, Equatable {
    public var scale: CardScale?
    /// Nil: as written.
    public var units: UnitSystem?

    public init(scale: CardScale? = nil, units: UnitSystem? = nil) {
        self.scale = scale
        self.units = units
    }

    public static let asWritten = CardAmounts()

    /// A line of `recipe` as the card shows it: read into its parts, its amount scaled and converted,
    /// else as written (marked when it was asked to change and could not be read with confidence).
    /// `language` is the recipe's: only English names take English plurals.
    func shown(_ line: String, factor: Double?, language: String? = nil) -> ShownIngredientLine {
        guard scale != nil || units != nil else { return ShownIngredientLine(text: line, asWritten: false) }
        return IngredientLine(parsing: line).shown(scale: factor ?? 1, units: units, language: language)
    }
}

/// The units recipe cards are shown in (remembered across runs) and the scale asked for the card being
/// read, shared by every list's reader. A scale belongs to one recipe: opening another shows it as
/// written again.
@MainActor
public final class CardSettings {
    /// Nil: as written.
    public var units: UnitSystem?
    /// Whether `units` has been read from where it is remembered.
    var unitsKnown = false
    /// The scale asked for, and the recipe it is for.
    private(set) var scaled: (id: RecipeID, scale: CardScale)?
    /// A scale asked for with the recipe to open (`o 3 serves 6`), for the next card shown.
    private var pending: CardScale?

    public init() {}

    /// `o N serves 6`: the next card shown is scaled so.
    func expect(_ scale: CardScale) {
        pending = scale
    }

    /// `x2` on the card of `id`; `x1` shows it as written again.
    func scale(_ id: RecipeID, _ scale: CardScale) {
        scaled = scale == .times(1) ? nil : (id, scale)
    }

    /// The scale asked for the recipe `id`, if any.
    func scale(of id: RecipeID) -> CardScale? {
        scaled?.id == id ? scaled?.scale : nil
    }

    /// How the card of `id`, about to be shown, writes its amounts: a scale asked for with `o N` goes to
    /// it, and one asked for another recipe is forgotten.
    func amounts(for id: RecipeID) -> CardAmounts {
        if let pending {
            scale(id, pending)
            self.pending = nil
        } else if scaled?.id != id {
            scaled = nil
        }
        return CardAmounts(scale: scale(of: id), units: units)
    }
}
