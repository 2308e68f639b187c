public import PuppyCatalog
/// What a recipe page tells besides the catalog's names: the ingredient lines, the method as steps,
/// and the servings, times and date the catalog gives. Only facts the catalog holds are told: a recipe
/// from a source has its lines with their amounts, and its servings and times where the source gives
/// them; an outline has its ingredient names and no amounts, servings or times. Nothing is estimated.
struct RecipeFacts: Sendable {
    /// What the recipe serves or makes, as the source says it; nil when not known.
    let servings: String?
    let prepMinutes: Int?
    let cookMinutes: Int?
    /// The source's total, else preparation and cooking added when both are known.
    let totalMinutes: Int?
    /// The source's lines with their amounts (`400 g bomba rice`), or an outline's names.
    let ingredientLines: [String]
    let steps: [String]
    /// `yyyy-mm-dd`, when the source dates the recipe.
    let published: String?

    init(recipe: CatalogRecipe) {
        servings = recipe.servings
        prepMinutes = recipe.prepMinutes
        cookMinutes = recipe.cookMinutes
        if let total = recipe.totalMinutes {
            totalMinutes = total
        } else if let prep = recipe.prepMinutes, let cook = recipe.cookMinutes {
            totalMinutes = prep + cook
        } else {
            totalMinutes = nil
        }
        ingredientLines = recipe.lines.flatMap { $0.isEmpty ? nil : $0 } ?? recipe.ingredients
        steps = recipe.steps ?? Self.steps(recipe.method)
        published = recipe.published.flatMap(Self.isDate)
    }

    /// The date when it reads `yyyy-mm-dd`.
    private static func isDate(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes.enumerated().allSatisfy({ [4, 7].contains($0.offset) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) })
        else { return nil }
        return text
    }

    // MARK: - Steps

    /// The method cut into steps: at the end of each sentence, at semicolons and before ", then".
    static func steps(_ method: String) -> [String] {
        var steps: [String] = []
        var current = ""
        let characters = Array(method)
        var index = 0
        func finish(addingStop: Bool) {
            var step = current.trimmingWhitespace()
            current = ""
            guard !step.isEmpty else { return }
            if addingStop, let last = step.last, !".!?".contains(last) { step.append(".") }
            if let first = step.first, first.isLowercase { step = first.uppercased() + step.dropFirst() }
            steps.append(step)
        }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let afterNext = index + 2 < characters.count ? characters[index + 2] : nil
            if ".!?".contains(character), next?.isWhitespace ?? true, afterNext.map({ $0.isUppercase || $0.isNumber }) ?? true {
                current.append(character)
                finish(addingStop: false)
            } else if character == ";" {
                finish(addingStop: true)
            } else if character == ",", characters[(index + 1)...].starts(with: Array(" then ")) {
                finish(addingStop: true)
            } else {
                current.append(character)
            }
            index += 1
        }
        finish(addingStop: true)
        return steps.isEmpty ? [method] : steps
    }

    // MARK: - Dates and durations

    /// ISO 8601: `PT45M`, `PT1H30M`, `PT2H`.
    static func isoDuration(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }

    /// `PT1M30S`.
    static func isoDuration(seconds: Int) -> String {
        seconds % 60 == 0 ? "PT\(seconds / 60)M" : "PT\(seconds / 60)M\(seconds % 60)S"
    }

    /// `45 mins`, `1 hr 30 mins`, `2 hrs`.
    static func readableDuration(minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        let hourText = hours == 0 ? "" : (hours == 1 ? "1 hr" : "\(hours) hrs")
        let minuteText = rest == 0 ? "" : "\(rest) mins"
        return [hourText, minuteText].filter { !$0.isEmpty }.joined(separator: " ")
    }

}

extension CatalogRecipe {
    /// The ingredient lines the recipe's page shows: the source's lines, or an outline's names.
    public var pageIngredientLines: [String] {
        RecipeFacts(recipe: self).ingredientLines
    }
}
