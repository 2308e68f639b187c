import Entity

/// What a line typed at the prompt asks for, parsed once by the View: everything a command needs is in
/// its cases, typed, so nothing downstream reads the line again.
public enum Command: Equatable, Sendable {
    /// A new search: comma-separated ingredients and title words (either may be empty, not both).
    case search(ingredients: [String], title: String)
    case next
    case previous
    case first
    case refresh
    case retry
    /// Show recipe N.
    case show(Int)
    /// A web address typed or pasted at the prompt: the recipe on that page, as `recipes read` reads it.
    case readAddress(String)
    /// Read recipe N: its recipe card, its whole page, or the page one of its links leads to.
    case open(Int, ReaderTarget)
    /// Read recipe N's card scaled: `o 3 serves 6`, `o 3 x2`.
    case openScaled(Int, ScaleRequest)
    /// Scale the card being read: `x2`, `x 1/2`, `serves 6`.
    case scale(ScaleRequest)
    /// `units metric|us|as-written`: the units cards are shown in, remembered.
    case units(UnitsRequest)
    /// `units` alone: which units cards are shown in.
    case currentUnits
    /// `list …`: the shopping list.
    case list(ListCommand)
    /// `pantry …`: what is in the kitchen.
    case pantry(PantryCommand)
    /// `have [INGREDIENTS] [--missing N] [--strict]`: recipes ranked by how few ingredients they lack.
    case have(HaveRequest)
    /// Open recipe N's page, or the video its page names, in the web browser.
    case web(Int, LinkTarget)
    /// Copy recipe N's link, or its video's.
    case copy(Int, LinkTarget)
    /// Show recipe N's picture large.
    case picture(Int)
    /// `set NAME VALUE`.
    case set(Setting)
    /// `filter …`: what the results are narrowed to.
    case filter(FilterChange)
    case back
    case help
    case quit
    /// The favorites screen, or a search within favorites.
    case favorites(String)
    case favorite(Int)
    case unfavorite(Int)
}

/// What `filter` changes. Filters combine: a cuisine and lactose-free can both be on.
public enum FilterChange: Equatable, Sendable {
    /// `filter lactose-free`: only recipes without milk, cheese or other dairy.
    case lactoseFree
    /// `filter cuisine NAME`: only recipes of this cuisine (case and accents ignored).
    case cuisine(String)
    /// `filter cuisine all`: any cuisine again; lactose-free stays as it was.
    case anyCuisine
    /// `filter all`: everything again.
    case all
}

/// What `set` changes.
public enum Setting: Equatable, Sendable {
    /// `set pictures on|off`: small pictures beside the cards of results screens.
    case pictures(Bool)
}

/// How much of a recipe its card shows: `x2` (times), `serves 6` (servings).
public enum ScaleRequest: Equatable, Sendable {
    case times(Double)
    case serving(Double)

    /// Reads a number as typed after `x` or `serves`: `2`, `1.5`, `1,5`, `1/2`, `1 1/2`, `½`; nil when
    /// it is not a positive number up to 1000.
    public static func number(_ text: String) -> Double? {
        CardScale.number(text)
    }

    /// Reads a factor typed after `x`: a positive number from 1/100 to 100 (`CardScale.factorRange`);
    /// nil for anything else.
    public static func factor(_ text: String) -> Double? {
        CardScale.factor(text)
    }

    var cardScale: CardScale {
        switch self {
        case .times(let factor): return .times(factor)
        case .serving(let servings): return .serving(servings)
        }
    }
}

/// The units `units` asks cards to show amounts in.
public enum UnitsRequest: Equatable, Sendable {
    case metric
    case us
    case asWritten

    var system: UnitSystem? {
        switch self {
        case .metric: return .metric
        case .us: return .us
        case .asWritten: return nil
        }
    }
}

/// What `list` does.
public enum ListCommand: Equatable, Sendable {
    /// `list`: the combined list, by aisle, less the pantry.
    case show
    /// `list N …`: recipes N … of the list shown (results, favorites, a ranking, the card being read).
    case add([Int])
    /// `list remove N`: recipe N of the shopping list off it.
    case remove(Int)
    /// `list clear`.
    case clear
    /// `list --export FILE.md`: the list as a Markdown file.
    case export(String)
}

/// What `pantry` does.
public enum PantryCommand: Equatable, Sendable {
    case show
    case add([String])
    case remove([String])
    case clear
}

/// `have …`: which names (none: the pantry's), how many ingredients a recipe may lack, and whether salt,
/// pepper, water and oil must be had too.
public struct HaveRequest: Equatable, Sendable {
    public let names: [String]
    public let maxMissing: Int
    public let strict: Bool

    public static let defaultMissing = 2

    public init(names: [String], maxMissing: Int = HaveRequest.defaultMissing, strict: Bool = false) {
        self.names = names
        self.maxMissing = maxMissing
        self.strict = strict
    }
}
