public import Foundation
public import Entity
import PageReader
import TextSafety

/// Finds the recipe a web page holds, with no code for any particular site. Each way of reading the
/// page is a source: schema.org `Recipe` as JSON-LD, then as microdata, then the markup of
/// recipe-card plugins, then headings such as "Ingredients" and "Zubereitung" over lists or lines. The
/// most trusted source that has a recipe gives it, kept as it says it; a field it lacks (no
/// ingredients, no method, a single keyword for a list, a method cut short) is filled from the best
/// other source that has it, one field at a time. Pure, linear in the page, and bounded (see
/// `PageRecipe.Limits`; the page tree, JSON reader and readers have their own).
public enum RecipeExtractor {
    /// The recipe on the page, or nil when it holds none. `url` is where the page came from (after
    /// redirects): relative addresses are resolved against it, or against the page's canonical URL
    /// when there is none (a page read from a file).
    public static func extract(html: String, url: URL?) -> PageRecipe? {
        extract(tree: PageTree(html), url: url)
    }

    static func extract(tree: PageTree, url: URL?) -> PageRecipe? {
        let metadata = PageMetadata(tree: tree)
        var sources = Sources(tree: tree)

        // The structured sources, most trusted first; the page's markup only where they fall short.
        var structured: [(method: PageRecipe.Method, draft: RecipeDraft)] = []
        if let jsonLD = sources.jsonLD { structured.append((.jsonLD, jsonLD)) }
        if !(structured.first.map { isComplete($0.draft) } ?? false), let microdata = sources.microdata {
            structured.append((.microdata, microdata))
        }
        if !structured.contains(where: { isComplete($0.draft) }), let appData = sources.appData {
            // A recipe in the JSON the page keeps for its own scripts is structured data as JSON-LD is;
            // one in the pieces the page renders itself from gives way to a recipe card that lists the ingredients.
            if !(sources.appDataInPieces && sources.card.map(hasUsableIngredients) == true) { structured.append((.jsonLD, appData)) }
        }
        let primaryIndex = structured.firstIndex { $0.draft.ingredientCount > 0 || $0.draft.stepCount > 0 }

        var recipe: RecipeDraft
        var ingredientsBy: PageRecipe.Method?
        var stepsBy: PageRecipe.Method?
        if let primaryIndex {
            let primary = structured[primaryIndex]
            recipe = primary.draft
            if recipe.ingredientCount > 0 { ingredientsBy = primary.method }
            if recipe.stepCount > 0 { stepsBy = primary.method }
            for (index, other) in structured.enumerated() where index != primaryIndex {
                recipe = merged(recipe, over: other.draft)
            }
        } else {
            recipe = structured.first?.draft ?? RecipeDraft()
            // Structured data with no recipe in it may mark another recipe's card (one the page links
            // to): its name titles the page only where the page's own title or heading says it too.
            if let title = recipe.title, !metadata.mentions(title) { recipe.title = nil }
        }

        // Fields the structured data lacks, each from the best other source that has it: the other
        // structured sources, then the page's markup.
        let otherStructured = structured.enumerated().filter { $0.offset != primaryIndex }.map(\.element)
        let markupSources: [(method: PageRecipe.Method, draft: () -> RecipeDraft?)] = [
            (.recipeCard, { sources.card }),
            (.heuristic, { sources.headings }),
        ]
        let shownSources = otherStructured.map { other in (method: other.method, draft: { Optional(other.draft) }) } + markupSources
        // The first list the page's markup shows (its recipe card's, then the one under its headings) that
        // `accepts` takes, read only as far as needed.
        func markupList(_ accepts: ([PageRecipe.IngredientGroup]) -> Bool) -> (method: PageRecipe.Method, groups: [PageRecipe.IngredientGroup])? {
            for source in markupSources {
                if let draft = source.draft(), accepts(draft.ingredientGroups) { return (source.method, draft.ingredientGroups) }
            }
            return nil
        }
        if !hasUsableIngredients(recipe) {
            // The first source whose lines mostly give amounts, else the first with any.
            let offered = shownSources.compactMap { source in
                source.draft().flatMap { draft in
                    draft.ingredientCount > max(1, recipe.ingredientCount) || (recipe.ingredientCount == 0 && draft.ingredientCount > 0)
                        ? (source.method, draft) : nil
                }
            }
            if let (method, draft) = offered.first(where: { IngredientLines.mostlyGiveAmounts($0.1.ingredientGroups) }) ?? offered.first {
                recipe.ingredientGroups = draft.ingredientGroups
                ingredientsBy = method
            }
        } else {
            if let card = sources.card {
                // The card's group names for the same lines.
                recipe.ingredientGroups = IngredientLines.regrouped(recipe.ingredientGroups, like: card.ingredientGroups)
            }
            if let card = sources.card, IngredientLines.continues(card.ingredientGroups, recipe.ingredientGroups) {
                // The structured list stopped early; the card shows the rest.
                recipe.ingredientGroups = card.ingredientGroups
            } else if IngredientLines.lackQuantities(recipe.ingredientGroups),
                      let shown = markupList({ $0.contains { !$0.lines.isEmpty } }),
                      let lines = IngredientLines.withQuantities(recipe.ingredientGroups, shown: shown.groups) {
                // The structured data left the quantities out; the page shows them.
                recipe.ingredientGroups = lines
            } else if IngredientLines.lackQuantities(recipe.ingredientGroups),
                      let shown = markupList({ IngredientLines.showsInAnotherOrder(recipe.ingredientGroups, shown: $0) }) {
                // And names them in another order than the page's list: that list, as the page shows it.
                recipe.ingredientGroups = shown.groups
                ingredientsBy = shown.method
            } else if IngredientLines.mayNameGroups(recipe.ingredientGroups),
                      let shown = markupList({ IngredientLines.nameOnlyGroups(recipe.ingredientGroups, of: $0) }) {
                // Or names only the groups the page's list shows ("Décor", "Biscuit Joconde"): that list.
                recipe.ingredientGroups = shown.groups
                ingredientsBy = shown.method
            }
        }
        if ingredientsBy != .jsonLD {
            // Every version of the list that a switch of units keeps on the page: the first.
            recipe.ingredientGroups = IngredientLines.withoutCopiesInOtherUnits(recipe.ingredientGroups)
        }
        if ingredientsBy == .jsonLD {
            // JSON-LD keeps a group's name as a line; the page shows it as the heading it is.
            recipe.ingredientGroups = ShownHeadings.grouped(recipe.ingredientGroups, in: tree)
        }
        // A line of punctuation alone (`<span itemprop="ingredients">.</span>`) is no ingredient, and a
        // bullet typed before a line ("- 300 g d'emmental") is no part of it.
        recipe.ingredientGroups = recipe.ingredientGroups.map { group in
            PageRecipe.IngredientGroup(name: group.name, lines: group.lines.filter { $0.contains { $0.isLetter || $0.isNumber } }.map(StepLines.withoutBullet))
        }
        if recipe.stepCount == 0 {
            // The first source whose steps read like a method, else the first with any.
            let offered = shownSources.compactMap { source in
                source.draft().flatMap { $0.stepCount > 0 ? (source.method, $0) : nil }
            }
            if let (method, draft) = offered.first(where: { StepLines.readLikeSteps($0.1.instructions.filter { $0.kind == .step }.map(\.text)) })
                ?? offered.first {
                recipe.instructions = draft.instructions
                stepsBy = method
            }
        } else if recipe.stepCount <= 2, stepsBy != .heuristic,
                  let shown = [sources.card, sources.headings].lazy.compactMap({ $0 }).first(where: { $0.stepCount > 0 }),
                  StepLines.continues(shown.instructions, recipe.instructions) {
            // The structured method stopped after a step or two; the page shows the rest.
            recipe.instructions = shown.instructions
            stepsBy = .recipeCard
        }
        // Numbering written into the steps goes; JSON-LD's lines that are only a step's label stay.
        recipe.instructions = StepLines.tidy(recipe.instructions, keepingLabels: stepsBy == .jsonLD,
                                             removingBareNumbers: stepsBy == .recipeCard || stepsBy == .heuristic)
        guard let method = ingredientsBy ?? stepsBy, recipe.ingredientCount > 0 || recipe.stepCount > 0 else { return nil }
        if primaryIndex == nil {
            // No structured data: the page's markup gives the rest too.
            let sourceDrafts = [sources.card, sources.headings].compactMap { $0 }
            for draft in sourceDrafts { recipe = merged(recipe, over: draft) }
        }

        fill(&recipe, from: metadata, url: url)
        let hasTimes = recipe.totalMinutes != nil || recipe.prepMinutes != nil || recipe.cookMinutes != nil
        if recipe.yields == nil || !hasTimes {
            // The structured data left them out; the page may say them in words.
            let facts = PageFacts(blocks: sources.blocks, tree: tree)
            recipe.yields = recipe.yields ?? facts.yields
            if !hasTimes {
                recipe.totalMinutes = facts.totalMinutes
                recipe.prepMinutes = facts.prepMinutes
                recipe.cookMinutes = facts.cookMinutes
            }
        }
        // A page read from a file has no address of its own: its canonical one serves to resolve against.
        let base = url ?? recipe.canonicalURL.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
        var pictures = recipe.pictures
        pictures.add(metadata.pictures)
        let page = PageRecipe(
            title: recipe.title ?? "", description: recipe.description, yields: recipe.yields,
            totalMinutes: recipe.totalMinutes, prepMinutes: recipe.prepMinutes, cookMinutes: recipe.cookMinutes,
            ingredientGroups: recipe.ingredientGroups, instructions: recipe.instructions,
            cuisine: recipe.cuisine, category: recipe.category,
            imageURL: resolve(pictures.best, against: base), videoURL: resolve(recipe.video, against: base),
            author: recipe.author, siteName: recipe.siteName,
            canonicalURL: resolve(recipe.canonicalURL, against: base) ?? base?.absoluteString,
            language: recipe.language, basedOnURL: resolve(recipe.basedOn, against: base), license: recipe.license, method: method
        )
        // Lines that clean to nothing (punctuation, markup) may leave no recipe after all.
        guard !page.ingredients.isEmpty || page.instructions.contains(where: { $0.kind == .step }) else { return nil }
        return page
    }

    /// The page's sources, each read once and only when asked for.
    struct Sources {
        enum Source: Hashable { case jsonLD, microdata, appData, card, headings }

        let tree: PageTree
        private var drafts: [Source: RecipeDraft?] = [:]
        private var pageBlocks: [HeadingHeuristic.Block]?

        init(tree: PageTree) {
            self.tree = tree
        }

        /// The most complete JSON-LD recipe; the first among equals.
        var jsonLD: RecipeDraft? { mutating get { draft(.jsonLD) } }
        var microdata: RecipeDraft? { mutating get { draft(.microdata) } }
        var appData: RecipeDraft? { mutating get { draft(.appData) } }
        /// Whether the app data's recipe came from the pieces the page renders itself from.
        private(set) var appDataInPieces = false
        var card: RecipeDraft? { mutating get { draft(.card) } }
        var headings: RecipeDraft? { mutating get { draft(.headings) } }

        var blocks: [HeadingHeuristic.Block] {
            mutating get {
                if let pageBlocks { return pageBlocks }
                let made = HeadingHeuristic.blocks(of: tree)
                pageBlocks = made
                return made
            }
        }

        private mutating func draft(_ source: Source) -> RecipeDraft? {
            if let read = drafts[source] { return read }
            let made: RecipeDraft?
            switch source {
            case .jsonLD:
                let found = JSONLDReader.find(in: tree)
                var reader = SchemaRecipeReader(nodesByID: found.nodesByID)
                made = RecipeExtractor.best(found.recipes.map { reader.draft(from: $0) })
            case .microdata:
                var reader = SchemaRecipeReader(fromMarkup: true)
                made = MicrodataReader.recipe(in: tree).map { reader.draft(from: $0) }
            case .appData:
                var reader = SchemaRecipeReader()
                let found = AppDataReader.recipe(in: tree)
                appDataInPieces = found?.inPieces ?? false
                made = found.map { reader.draft(from: $0.recipe) }
            case .card:
                made = RecipeCardReader.read(tree).flatMap(\.withoutPageLabels)
            case .headings:
                made = HeadingHeuristic.read(tree, blocks: blocks).flatMap(\.withoutPageLabels)
            }
            drafts[source] = .some(made)
            return made
        }
    }

    private static func completeness(_ draft: RecipeDraft?) -> Int {
        guard let draft else { return -1 }
        return (draft.ingredientCount > 0 ? 2 : 0) + (draft.stepCount > 0 ? 2 : 0) + (draft.title != nil ? 1 : 0)
    }

    private static func isComplete(_ draft: RecipeDraft) -> Bool {
        hasUsableIngredients(draft) && draft.stepCount > 0
    }

    /// Whether a list of ingredients is one: not empty, and not a single keyword standing for one
    /// ("Chicken") or a few of them ("Cheese, Pasta, Za'atar", the page's tags), nor the whole list run
    /// together into one line.
    static func hasUsableIngredients(_ draft: RecipeDraft) -> Bool {
        guard draft.ingredientCount > 0 else { return false }
        guard draft.ingredientCount == 1, let line = draft.ingredientGroups.first(where: { !$0.lines.isEmpty })?.lines.first else { return true }
        let clean = CleanText.line(line, maxLength: 2_000)
        guard !clean.contains(where: \.isNumber) else { return clean.count < 100 }
        let keywords = clean.split(separator: ",").allSatisfy { $0.split(whereSeparator: \.isWhitespace).count <= (clean.contains(",") ? 3 : 2) }
        return !keywords && clean.count < 100
    }

    /// The most complete of several recipes; the first among equals.
    static func best(_ drafts: [RecipeDraft]) -> RecipeDraft? {
        var chosen: RecipeDraft?
        var chosenScore = -1
        for draft in drafts {
            let score = completeness(draft)
            if score > chosenScore {
                chosen = draft
                chosenScore = score
            }
        }
        return chosen
    }

    /// `draft` with its empty fields filled from `other`.
    private static func merged(_ draft: RecipeDraft, over other: RecipeDraft) -> RecipeDraft {
        var result = draft
        result.title = result.title ?? other.title
        result.description = result.description ?? other.description
        result.yields = result.yields ?? other.yields
        if result.totalMinutes == nil, result.prepMinutes == nil, result.cookMinutes == nil {
            result.totalMinutes = other.totalMinutes
            result.prepMinutes = other.prepMinutes
            result.cookMinutes = other.cookMinutes
        }
        result.cuisine = result.cuisine ?? other.cuisine
        result.category = result.category ?? other.category
        if result.pictures.candidates.isEmpty { result.pictures = other.pictures }
        result.video = result.video ?? other.video
        result.author = result.author ?? other.author
        result.basedOn = result.basedOn ?? other.basedOn
        result.license = result.license ?? other.license
        result.siteName = result.siteName ?? other.siteName
        result.canonicalURL = result.canonicalURL ?? other.canonicalURL
        result.language = result.language ?? other.language
        return result
    }

    private static func fill(_ draft: inout RecipeDraft, from metadata: PageMetadata, url: URL?) {
        let host = (url ?? (metadata.url ?? draft.canonicalURL).flatMap { URL(string: $0) })?.host
        if let title = draft.title, !CleanText.line(title).isEmpty {
            // The recipe's own name, as its data gives it, less the site's name.
            draft.title = PageMetadata.withoutRecipeWord(metadata.withoutSiteSuffix(title, host: host))
        } else {
            draft.title = metadata.bestTitle.map { PageMetadata.withoutNamespace(PageMetadata.withoutRecipeWord($0)) }
        }
        draft.description = draft.description ?? metadata.description
        draft.video = draft.video ?? metadata.embeddedVideo
        draft.author = draft.author ?? metadata.author
        draft.siteName = metadata.siteName ?? draft.siteName
        draft.canonicalURL = metadata.url ?? draft.canonicalURL
        draft.language = metadata.language ?? draft.language
    }

    private static func resolve(_ address: String?, against base: URL?) -> String? {
        guard let address = address?.trimmingCharacters(in: .whitespacesAndNewlines), !address.isEmpty else { return nil }
        if address.lowercased().hasPrefix("data:") || address.lowercased().hasPrefix("javascript:") { return nil }
        guard let base, address.range(of: "://") == nil else { return address }
        return URL(string: address, relativeTo: base)?.absoluteString ?? address
    }
}
