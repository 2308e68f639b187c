/// What a recipe page tells besides the catalog's fields: servings, times, amounts, a course, the method
/// as steps, a publication date and whether the recipe has a video.
///
/// The catalog records none of these numbers, so they are derived from the recipe alone and are the
/// same on every run, whatever the seed: servings from the ingredient count plus a little of the id's
/// hash; preparation from the ingredient count; cooking from the method's length (an hour more when
/// the method speaks of hours), both plus a little of the hash; the amounts from the servings and the kind
/// of each ingredient (`RecipeAmounts`); the course from words of the title and the ingredients; a video
/// for about a third of the recipes, by hash. The page says they are estimates.
struct RecipeFacts: Sendable {
    let servings: Int
    let prepMinutes: Int
    let cookMinutes: Int
    let course: String
    /// The ingredient lines, each catalog name with an estimated amount (`3 eggs`, `salt, to taste`).
    let ingredientLines: [String]
    let steps: [String]
    let hasVideo: Bool
    let videoSeconds: Int
    /// `yyyy-mm-dd`.
    let published: String

    var totalMinutes: Int { prepMinutes + cookMinutes }

    init(recipe: CatalogRecipe) {
        let hash = StableHash(seed: 0).adding("recipe facts").adding(recipe.id).state
        let ingredientCount = recipe.ingredients.count
        servings = min(12, max(2, 2 + ingredientCount / 3 + Int(hash % 3)))
        prepMinutes = 5 * (1 + ingredientCount / 2 + Int((hash >> 8) % 3))
        let mentionsHours = recipe.method.lowercased().contains("hour")
        cookMinutes = 5 * (2 + recipe.method.utf8.count / 45 + Int((hash >> 16) % 3)) + (mentionsHours ? 60 : 0)
        course = Self.course(of: recipe)
        ingredientLines = RecipeAmounts.lines(for: recipe, servings: servings)
        steps = Self.steps(recipe.method)
        hasVideo = (hash >> 24) % 3 == 0
        videoSeconds = 60 + Int((hash >> 28) % 180)
        published = Self.date(daysAfter2015: Int((hash >> 40) % 3_300))
    }

    // MARK: - Course

    private static func course(of recipe: CatalogRecipe) -> String {
        let title = Set(TitleWords.words(recipe.title).map { SearchFolding.term($0).key })
        let ingredients = Set(recipe.ingredients.flatMap { SearchFolding.ingredientKey($0).split(separator: " ").map(String.init) })
        func any(_ words: [String], in set: Set<String>) -> Bool {
            words.contains { set.contains(SearchFolding.term($0).key) }
        }
        if any(["soup", "broth", "pho", "ramen", "chowder", "bisque", "gazpacho", "borscht", "minestrone", "laksa"], in: title) { return "Soup" }
        if any(["salad", "slaw", "tabbouleh", "fattoush"], in: title) { return "Salad" }
        if any(["pancakes", "omelet", "omelette", "waffles", "granola", "porridge", "benedict", "frittata", "shakshuka"], in: title) {
            return "Breakfast"
        }
        if any(["cake", "tart", "pudding", "cookies", "brownies", "brulee", "mousse", "sorbet", "ice", "crumble", "cobbler", "flan",
                "tiramisu", "baklava", "cheesecake", "pie", "custard", "churros", "macarons", "truffles"], in: title) {
            let savoury = any(["chicken", "beef", "pork", "lamb", "onions", "garlic", "fish", "bacon"], in: ingredients)
            if !savoury { return "Dessert" }
        }
        // Baked from flour: "Bún" (rice noodles) and a lobster roll are no bread.
        if any(["bread", "focaccia", "naan", "rolls", "buns", "loaf", "biscuits", "scones"], in: title), any(["flour"], in: ingredients) {
            return "Bread"
        }
        if any(["dip", "salsa", "hummus", "guacamole", "tapenade", "bruschetta", "dumplings", "rolls", "skewers", "fritters"], in: title) {
            return "Appetizer"
        }
        if any(["sugar", "chocolate", "vanilla"], in: ingredients),
           !any(["chicken", "beef", "pork", "lamb", "onions", "garlic", "fish", "bacon", "salt"], in: ingredients) {
            return "Dessert"
        }
        return "Main Course"
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

    /// The proleptic Gregorian date `days` after 2015-01-01.
    static func date(daysAfter2015 days: Int) -> String {
        // Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        let z = 16_436 + days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

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

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}

extension CatalogRecipe {
    /// The ingredient lines the recipe's page shows: each name with an amount estimated for the page's
    /// servings (see `RecipeAmounts`).
    public var pageIngredientLines: [String] {
        RecipeFacts(recipe: self).ingredientLines
    }
}

extension String {
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
