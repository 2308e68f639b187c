/// A badge on a card or a recipe.
public enum Badge: String, Sendable, Equatable {
    case favorite
    case lactose
}

/// One recipe on a screen.
public struct RecipeCard: Sendable, Equatable {
    public let number: Int
    public let title: String
    /// The ingredients, comma-separated.
    public let ingredients: String
    /// The site's domain.
    public let site: String
    /// The recipe's address.
    public let href: String
    /// The address and what else `site` says (`http://…/pilaf · Uzbek`): the line under a card where
    /// the whole link is shown (one-shot text).
    public let link: String
    public let badges: [Badge]
    /// A small picture beside the card, when pictures beside results are on.
    public var picture: PictureModel?

    /// `cuisine`: said after the site, and after the link.
    public init(number: Int, title: String, ingredients: String, site: String, href: String, cuisine: String? = nil, badges: [Badge]) {
        self.number = number
        self.title = title
        self.ingredients = ingredients
        self.site = ([site] + (cuisine.map { [$0] } ?? [])).joined(separator: " · ")
        self.href = href
        self.link = ([href] + (cuisine.map { [$0] } ?? [])).joined(separator: " · ")
        self.badges = badges
    }
}

/// A screen of recipes.
public struct ScreenModel: Sendable, Equatable {
    public let heading: String
    public var cards: [RecipeCard]
    /// Things worth knowing about how this screen was fetched (skipped pages, dropped results).
    public let notes: [MessageModel]
    /// Where you are and what to type next.
    public let hints: Hints
    /// The hints as one line.
    public var footer: String { hints.text }

    public init(heading: String, cards: [RecipeCard], notes: [MessageModel], footer: Hints) {
        self.heading = heading
        self.cards = cards
        self.notes = notes
        self.hints = footer
    }
}

/// A footer's hints, shown in order and joined by ` · `. Where the line is too short for all of them,
/// the View leaves out the least needed ones, so that no hint is ever broken over two lines.
public struct Hints: Sendable, Equatable {
    public struct Hint: Sendable, Equatable {
        public let text: String
        /// What is left out first where not all fit: the highest rank.
        public let rank: Int
        /// A shorter way to say it, used where the line is too short for `text` once every hint that
        /// may be left out is: what the screen's state is must stay said.
        public let short: String?

        public init(_ text: String, rank: Int, short: String? = nil) {
            self.text = text
            self.rank = rank
            self.short = short
        }
    }

    public let hints: [Hint]

    public init(_ hints: [Hint]) {
        self.hints = hints
    }

    /// `texts` in order, the last left out first.
    public init(_ texts: [String]) {
        hints = texts.enumerated().map { Hint($1, rank: $0) }
    }

    public var text: String { hints.map(\.text).joined(separator: " · ") }
}

/// One recipe in full.
public struct RecipeDetailModel: Sendable, Equatable {
    public let number: Int
    public let title: String
    public let badges: [Badge]
    /// Label and value pairs in order: ingredients, lactose, site, link, favorite, ...
    public let fields: [Field]
    /// The method, when the recipe's page was read (now or earlier) and holds one.
    public let method: [MethodLine]
    public let footer: String

    /// One line of a recipe's method: a numbered step, or a section heading of its own.
    public enum MethodLine: Sendable, Equatable {
        case step(number: Int, text: String)
        case section(String)
    }

    public struct Field: Sendable, Equatable {
        public let label: String
        public let value: String

        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public init(number: Int, title: String, badges: [Badge], fields: [Field], method: [MethodLine] = [], footer: String) {
        self.number = number
        self.title = title
        self.badges = badges
        self.fields = fields
        self.method = method
        self.footer = footer
    }
}

/// A recipe's page, ready to lay out.
public struct PageModel: Sendable, Equatable {
    public enum Block: Sendable, Equatable {
        case heading(level: Int, text: String)
        case paragraph(String)
        case item(marker: String, text: String, depth: Int)
        case preformatted(String)
        case rule
        /// A labelled line (`Source: https://…`); a run of them is set apart from what comes before.
        case field(label: String, value: String)
    }

    /// The other way to show the same page (the whole page beside the recipe card, and back), with
    /// the key the reader switches with.
    public struct Alternate: Sendable, Equatable {
        public let key: Character
        public let label: String

        public init(key: Character, label: String) {
            self.key = key
            self.label = label
        }
    }

    public let title: String
    /// Where the text came from: "online" or "saved copy from 2026-11-20".
    public let source: String
    /// One line under the title worth knowing first ("No recipe was found on this page…").
    public let note: String?
    public let blocks: [Block]
    /// Numbered links, `1. http://...`.
    public let references: [String]
    /// The key that shows the page the other way, if there is one.
    public let alternate: Alternate?
    /// The last line: the command that shows the page the other way (for pagers without the key).
    public let footer: String?
    /// Whether there is a page to go back to (the one a link was followed from).
    public var canGoBack = false

    public init(title: String, source: String, note: String? = nil, blocks: [Block], references: [String],
                alternate: Alternate? = nil, footer: String? = nil) {
        self.title = title
        self.source = source
        self.note = note
        self.blocks = blocks
        self.references = references
        self.alternate = alternate
        self.footer = footer
    }
}

/// What the person did in the reader before it closed.
public enum ReaderAction: Sendable, Equatable {
    /// Typed the number of a link to follow.
    case follow(Int)
    /// Pressed the key that shows the page the other way.
    case alternate
    /// Asked for the page shown before this one (Left or `h`).
    case back
}

/// Where a picture is shown, which decides its size.
public enum PicturePurpose: Sendable, Equatable {
    /// Small, beside a card of a results screen.
    case card
    /// Above a recipe's details or its page.
    case detail
    /// `pic N`: as large as the screen allows.
    case large
}

/// The pixels a picture may fill, and whether the terminal wants it as a PNG file.
public struct PictureBox: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let wantsPNG: Bool

    public init(width: Int, height: Int, wantsPNG: Bool) {
        self.width = width
        self.height = height
        self.wantsPNG = wantsPNG
    }
}

/// What asking the web browser to open an address came to.
public enum BrowserOutcome: Sendable, Equatable {
    /// Handed to `program`.
    case opened(program: String)
    /// No browser is set or installed.
    case noBrowser
    /// `program` could not be started, or failed.
    case failed(program: String, reason: String)
}

/// A one-line message, with what to do next.
public struct MessageModel: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case info
        case warning
        case error
    }

    public let kind: Kind
    public let text: String
    public let hint: String?

    public init(_ kind: Kind, _ text: String, hint: String? = nil) {
        self.kind = kind
        self.text = text
        self.hint = hint
    }
}

/// The shopping list, ready to lay out: the recipes it is for, then what to buy aisle by aisle.
public struct ShoppingListModel: Sendable, Equatable {
    public struct Section: Sendable, Equatable {
        /// `Dairy and eggs`.
        public let title: String
        /// `6 eggs`, `3 cups milk + some more`.
        public let items: [String]

        public init(title: String, items: [String]) {
            self.title = title
            self.items = items
        }
    }

    /// `Shopping list for 2 recipes`.
    public let heading: String
    /// `1. Crêpes ×2`, numbered as `list remove N` takes them.
    public let recipes: [String]
    public let sections: [Section]
    /// What the pantry and the staples take off the list, in one line; nil when nothing.
    public let leftOff: String?
    public let notes: [MessageModel]
    public let footer: String

    public init(heading: String, recipes: [String], sections: [Section], leftOff: String?, notes: [MessageModel] = [], footer: String) {
        self.heading = heading
        self.recipes = recipes
        self.sections = sections
        self.leftOff = leftOff
        self.notes = notes
        self.footer = footer
    }
}
