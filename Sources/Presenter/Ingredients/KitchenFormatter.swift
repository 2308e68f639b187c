public import Entity
public import Interactor

/// Display models and text for the kitchen: the shopping list (on screen, in Markdown) and the pantry
/// ranking's screens. Pure.
public enum KitchenFormatter {
    /// `3 cups milk` (`700 ml milk` in metric), `6 eggs`, `salt`, `2 + 200 g onions`; `+ some more` when
    /// a line asks for it with no amount as well.
    public static func itemText(_ item: ShoppingList.Item, units: UnitSystem? = nil) -> String {
        let amounts = item.amounts(in: units)
        let amount = item.amountText(in: units)
        guard !amount.isEmpty else { return item.name }
        var name = item.name
        // A count alone: the name agrees with it (`1 egg`, `3 eggs`).
        if amounts.count == 1, let only = amounts.first, only.unit == nil {
            name = IngredientLine.name(name, counted: CookAmount.rounded(only.quantity.high ?? only.quantity.low, unit: nil))
        }
        return amount + " " + name + (item.alsoUnmeasured ? " + some more" : "")
    }

    /// `Crêpes ×2`; `Scones (names only: its page could not be read)`.
    public static func recipeText(_ recipe: ShoppingListRecipe) -> String {
        var text = recipe.title
        if recipe.factor != 1 { text += " ×" + CookAmount.decimalText(recipe.factor) }
        if !recipe.linesFromPage { text += " (ingredient names only: its page was not read)" }
        return text
    }

    /// The aisle's name as a heading: `Dairy and eggs`.
    public static func aisleTitle(_ aisle: Aisle) -> String {
        aisle.rawValue.prefix(1).uppercased() + aisle.rawValue.dropFirst()
    }

    /// What the pantry and staples take off the list: `salt, butter, eggs`.
    static func leftOff(_ screen: ShoppingListScreen) -> String? {
        let names = screen.list.inPantry.map(\.name)
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The list on screen; `footer` false leaves out what to type at the prompt (a one-shot command).
    public static func list(_ screen: ShoppingListScreen, footer: Bool = true) -> ShoppingListModel {
        let count = screen.recipes.count
        return ShoppingListModel(
            heading: "Shopping list for \(count) recipe\(count == 1 ? "" : "s")",
            recipes: screen.recipes.enumerated().map { "\($0.offset + 1). " + recipeText($0.element) },
            sections: screen.list.aisles.map { ShoppingListModel.Section(title: aisleTitle($0.aisle), items: $0.items.map { itemText($0, units: screen.units) }) },
            leftOff: leftOff(screen).map { "Left off, in the kitchen already: \($0)" },
            footer: footer ? "list remove N · list clear · list --export FILE.md · pantry add NAMES takes them off" : ""
        )
    }

    /// The list as a Markdown file: a heading, the recipes, each aisle a heading with a task list under
    /// it, and what was left off. Every text is escaped as the cookbook escapes it, so that it stays text.
    public static func markdown(_ screen: ShoppingListScreen) -> String {
        var lines = ["# Shopping list", ""]
        if !screen.recipes.isEmpty {
            lines.append("For " + screen.recipes.map { CookbookMarkdown.escape(recipeText($0)) }.joined(separator: "; ") + ".")
            lines.append("")
        }
        for (aisle, items) in screen.list.aisles {
            lines.append("## " + CookbookMarkdown.escape(aisleTitle(aisle)))
            lines.append("")
            lines += items.map { "- [ ] " + CookbookMarkdown.escape(itemText($0, units: screen.units)) }
            lines.append("")
        }
        if let leftOff = leftOff(screen) {
            lines.append("Left off, in the kitchen already: " + CookbookMarkdown.escape(leftOff) + ".")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: What can I make

    /// A screen of the pantry ranking: each recipe with what it uses and lacks.
    public static func screen(_ matches: PantryMatches, index: Int, screenSize: Int, messages: Messages) -> ScreenModel {
        let start = index * screenSize
        let shown = Array(matches.matches.dropFirst(start).prefix(screenSize))
        let cards = shown.map(card)
        let names = matches.pantry.map(\.name).joined(separator: ", ")
        var heading = "Recipes to make with \(names)"
        heading += matches.maxMissing == 0 ? " · nothing missing" : " · at most \(matches.maxMissing) missing"
        if matches.strict { heading += " · strict" }
        var notes: [MessageModel] = []
        if let partial = matches.partial { notes.append(messages.partialRanking(partial)) }
        for (name, suggestions) in matches.unmatched { notes.append(messages.pantryNameUnknown(name, suggestions: suggestions)) }
        var footer: [String] = []
        if let first = cards.first?.number, let last = cards.last?.number {
            footer.append((first == last ? "Recipe \(first)" : "Recipes \(first)–\(last)") + " of \(matches.matches.count)")
        }
        if start + screenSize < matches.matches.count { footer.append("n next") }
        if index > 0 { footer.append("p previous") }
        if let example = cards.first?.number { footer += ["o \(example) read", "list \(example) adds it to the shopping list"] }
        footer.append("? help")
        return ScreenModel(heading: heading, cards: cards, notes: notes, footer: Hints(footer))
    }

    /// A ranked recipe's card: what it uses and lacks where a result's card has its ingredients.
    public static func card(_ match: PantryMatch) -> RecipeCard {
        let card = ScreenFormatter.card(ListedRecipe(number: match.number, recipe: match.recipe, isFavorite: match.isFavorite))
        return RecipeCard(number: card.number, title: card.title, ingredients: usesText(match.entry), site: card.site, href: card.href,
                          badges: card.badges)
    }

    /// `uses 6 of 8 · missing: butter, cream`, or `uses 6 of 6 · nothing missing`.
    public static func usesText(_ entry: PantryRanking.Entry) -> String {
        entry.usesText + " · " + (entry.missingText ?? "nothing missing")
    }
}
