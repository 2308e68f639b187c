public import Entity

/// The recipe read from a page, as the reader shows it (`o N`) and `recipes read` prints it: its title,
/// one line of facts (yields · time · cuisine), the ingredients by group, the numbered steps with their
/// section headings, and the picture, video and source links. Pure.
public enum RecipeCardFormatter {
    /// The card's blocks; `address` is where the page was read from (the source when the page names
    /// no canonical address). Ingredient lines are shown as `amounts` asks (scaled, converted); a line
    /// that could not be changed is shown as written, marked `?`.
    public static func blocks(_ recipe: PageRecipe, address: String?, amounts: CardAmounts = .asWritten) -> [PageModel.Block] {
        var blocks: [PageModel.Block] = []
        let factor = amounts.scale?.factor(yields: recipe.yields)
        let facts = self.facts(recipe, factor: factor)
        if !facts.isEmpty { blocks.append(.paragraph(facts)) }
        if let description = recipe.description { blocks.append(.paragraph(description)) }
        if !recipe.ingredientGroups.isEmpty {
            blocks.append(.heading(level: 2, text: "Ingredients"))
            for group in recipe.ingredientGroups {
                if let name = group.name { blocks.append(.heading(level: 3, text: name)) }
                blocks += group.lines.map { line in
                    let shown = amounts.shown(line, factor: factor, language: recipe.language)
                    return .item(marker: shown.asWritten ? "?" : "•", text: shown.text, depth: 0)
                }
            }
            // As the lines above show them: scaled and converted too.
            let lactose = LactoseRule.triggers(in: recipe.ingredients).map { amounts.shown($0, factor: factor, language: recipe.language).text }
            if !lactose.isEmpty { blocks.append(.field(label: "Lactose", value: "from " + lactose.joined(separator: "; "))) }
        }
        let method = self.method(recipe)
        if !method.isEmpty {
            blocks.append(.heading(level: 2, text: "Method"))
            for line in method {
                switch line {
                case .step(let number, let text): blocks.append(.item(marker: "\(number).", text: text, depth: 0))
                case .section(let text): blocks.append(.heading(level: 3, text: text))
                }
            }
        }
        if let image = recipe.imageURL { blocks.append(.field(label: "Picture", value: image)) }
        if let video = recipe.videoURL { blocks.append(.field(label: "Video", value: video)) }
        if let source = recipe.canonicalURL ?? address { blocks.append(.field(label: "Source", value: source)) }
        if let original = recipe.basedOnURL { blocks.append(.field(label: "Original", value: original)) }
        if let credit = credit(recipe) { blocks.append(.field(label: "Credit", value: credit)) }
        return blocks
    }

    /// Who the recipe is by and its licence (`By Alexander Bocken · Unlicense (public domain)`), where the
    /// page says; nil when it says neither.
    public static func credit(_ recipe: PageRecipe) -> String? {
        let parts = [recipe.author.map { "By " + $0 }, recipe.license.map { "licence: " + $0 }].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// What the card says of its amounts, under its title: the scale (`Scaled ×1.5 to serve 6, written
    /// for 4.`), the units, and what `?` marks; nil when the amounts are as written.
    public static func amountsNote(_ recipe: PageRecipe, amounts: CardAmounts) -> String? {
        var parts: [String] = []
        // A recipe known only as an outline (its ingredients named, no amounts anywhere) has nothing to scale.
        if amounts.scale != nil, !recipe.ingredients.isEmpty, recipe.ingredients.allSatisfy({ IngredientLine(parsing: $0).quantity == nil }) {
            parts.append("It gives no amounts, only what goes in, so it cannot be scaled.")
            if amounts.units != nil { parts.append("Its lines are shown as written.") }
            return parts.joined(separator: " ")
        }
        switch amounts.scale {
        case nil:
            break
        case .serving(let wanted)?:
            if let factor = amounts.scale?.factor(yields: recipe.yields), let written = recipe.yields.flatMap(Servings.count(in:)) {
                parts.append("Scaled ×\(CookAmount.decimalText(factor)) to serve \(CookAmount.decimalText(wanted)), written for "
                    + (written.high.map { "\(CookAmount.decimalText(written.low))–\(CookAmount.decimalText($0))" } ?? CookAmount.decimalText(written.low)) + ".")
            } else if let factor = amounts.scale?.unscaledFactor(yields: recipe.yields), let written = recipe.yields.flatMap(Servings.count(in:)) {
                let times = factor < 1 ? "1/\(CookAmount.decimalText((1 / factor).rounded()))" : CookAmount.decimalText(factor.rounded())
                parts.append("Serving \(CookAmount.decimalText(wanted)) from a recipe written for \(CookAmount.decimalText(written.low)) would make it"
                    + " \(times) times; a card is scaled from \(CardScale.factorRangeText), so it is not scaled.")
            } else {
                parts.append("It does not say how many it serves, so it is not scaled: x N makes it N times.")
            }
        case .times(let factor)?:
            parts.append("Scaled ×\(CookAmount.decimalText(factor)).")
        }
        switch amounts.units {
        case .metric?: parts.append("Amounts in metric.")
        case .us?: parts.append("Amounts in US measures.")
        case nil: break
        }
        let factor = amounts.scale?.factor(yields: recipe.yields)
        if factor != nil || amounts.units != nil, recipe.ingredients.contains(where: { amounts.shown($0, factor: factor, language: recipe.language).asWritten }) {
            parts.append("? marks a line shown as written: its amount could not be read with confidence.")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The steps numbered from 1 across sections, section headings as lines of their own.
    public static func method(_ recipe: PageRecipe) -> [RecipeDetailModel.MethodLine] {
        var number = 0
        return recipe.instructions.map { instruction in
            switch instruction.kind {
            case .section:
                return .section(instruction.text)
            case .step:
                number += 1
                return .step(number: number, text: instruction.text)
            }
        }
    }

    /// `4 servings · 1 h 30 min (prep 20 min, cook 1 h 10 min) · Italian · Main course`; the yield as
    /// scaled by `factor` when the card is (`6 servings` for 3 servings ×2).
    public static func facts(_ recipe: PageRecipe, factor: Double? = nil) -> String {
        var parts: [String] = []
        if let written = recipe.yields {
            let yields = factor.flatMap { Servings.scaled(written, by: $0) } ?? written
            parts.append(written.allSatisfy(\.isNumber) ? "serves \(yields)" : yields)
        }
        if let time = time(recipe) { parts.append(time) }
        if let cuisine = recipe.cuisine { parts.append(cuisine) }
        if let category = recipe.category, category.lowercased() != recipe.cuisine?.lowercased() { parts.append(category) }
        return parts.joined(separator: " · ")
    }

    /// The total time, with prep and cook when both are known; nil when nothing is.
    static func time(_ recipe: PageRecipe) -> String? {
        // A time of 0 minutes says nothing: it is left out.
        let prep = recipe.prepMinutes.flatMap { $0 > 0 ? $0 : nil }
        let cook = recipe.cookMinutes.flatMap { $0 > 0 ? $0 : nil }
        let parts = [prep.map { "prep " + duration($0) }, cook.map { "cook " + duration($0) }].compactMap { $0 }
        let total = recipe.totalMinutes.flatMap { $0 > 0 ? $0 : nil } ?? (prep != nil && cook != nil ? (prep ?? 0) + (cook ?? 0) : nil)
        switch (total, parts.isEmpty) {
        case (let total?, true): return duration(total)
        case (let total?, false): return duration(total) + " (" + parts.joined(separator: ", ") + ")"
        case (nil, false): return parts.joined(separator: ", ")
        case (nil, true): return nil
        }
    }

    /// `45 min`, `2 h`, `1 h 30 min`, `2 days 3 h`.
    static func duration(_ minutes: Int) -> String {
        let days = minutes / (24 * 60)
        let hours = minutes / 60 % 24
        let rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append(days == 1 ? "1 day" : "\(days) days") }
        if hours > 0 { parts.append("\(hours) h") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) min") }
        return parts.joined(separator: " ")
    }
}
