public import Foundation
public import Entity

/// Finds the recipe a web page holds, with no code for any particular site: schema.org `Recipe` as
/// JSON-LD, then as microdata, then the markup of common recipe-card plugins where it says more (group
/// names, lists the structured data lacks, cut short or ran together, quantities it dropped), then
/// headings such as "Ingredients" and "Zubereitung" followed by lists or lines. Pure, linear in the
/// page, and bounded (see `PageRecipe.Limits`; the page tree, JSON reader and readers have their own).
public enum RecipeExtractor {
    /// The recipe on the page, or nil when it holds none. `url` is where the page came from (after
    /// redirects): relative addresses are resolved against it, or against the page's canonical URL
    /// when there is none (a page read from a file).
    public static func extract(html: String, url: URL?) -> PageRecipe? {
        extract(tree: PageTree(html), url: url)
    }

    static func extract(tree: PageTree, url: URL?) -> PageRecipe? {
        let metadata = PageMetadata(tree: tree)
        // The page's lines and what its headings say, read once and only when needed.
        var pageBlocks: [HeadingHeuristic.Block]?
        func blocks() -> [HeadingHeuristic.Block] {
            if let pageBlocks { return pageBlocks }
            let made = HeadingHeuristic.blocks(of: tree)
            pageBlocks = made
            return made
        }
        var shownRead = false
        var shownDraft: RecipeDraft?
        func shownByHeadings() -> RecipeDraft? {
            if !shownRead {
                shownDraft = HeadingHeuristic.read(tree, blocks: blocks())
                shownRead = true
            }
            return shownDraft
        }
        var draft: RecipeDraft?
        var method = PageRecipe.Method.jsonLD

        let found = JSONLDReader.find(in: tree)
        var reader = SchemaRecipeReader(nodesByID: found.nodesByID)
        let candidates = found.recipes.map { reader.draft(from: $0) }
        draft = best(candidates)

        if !isComplete(draft), let item = MicrodataReader.recipe(in: tree) {
            var microdataReader = SchemaRecipeReader()
            let microdata = microdataReader.draft(from: item)
            if draft == nil || completeness(microdata) > completeness(draft) {
                draft = merged(microdata, over: draft)
                method = .microdata
            }
        }

        if let card = RecipeCardReader.read(tree) {
            if var current = draft {
                if RecipeCardReader.cardIsBetter(card, than: current, for: .ingredients) {
                    if current.ingredientCount == 0 || current.instructions.isEmpty { method = .recipeCard }
                    current.ingredientGroups = RecipeCardReader.regrouped(current.ingredientGroups, like: card.ingredientGroups)
                }
                if RecipeCardReader.cardIsBetter(card, than: current, for: .instructions) {
                    current.instructions = card.instructions
                }
                draft = merged(current, over: card)
            } else {
                draft = card
                method = .recipeCard
            }
        }

        if var current = draft, IngredientLines.lackQuantities(current.ingredientGroups), let shown = shownByHeadings(),
           let lines = IngredientLines.withQuantities(current.ingredientGroups, shown: shown.ingredientGroups) {
            // The structured data left the quantities out; the page shows them.
            current.ingredientGroups = lines
            draft = current
        }

        if var current = draft, current.ingredientCount == 1, let line = current.ingredientGroups.first?.lines.first, line.count >= 100,
           let shown = shownByHeadings(), shown.ingredientCount > 1,
           Folding.fold(shown.ingredientGroups.flatMap(\.lines).joined()) == Folding.fold(line) {
            // The structured data ran the list together into one line; the page shows it line by line.
            current.ingredientGroups = shown.ingredientGroups
            draft = current
        }

        if var current = draft, current.stepCount > 0, current.stepCount <= 2, let shown = shownByHeadings(),
           RecipeCardReader.cardIsBetter(shown, than: current, for: .instructions) {
            // The structured method stopped after a step or two; the page shows the rest.
            current.instructions = shown.instructions
            draft = current
        }

        if !isComplete(draft), let heuristic = shownByHeadings() {
            if var current = draft {
                if current.ingredientCount == 0 { current.ingredientGroups = heuristic.ingredientGroups }
                if current.stepCount == 0 { current.instructions = heuristic.instructions }
                draft = current
            } else {
                draft = heuristic
                method = .heuristic
            }
        }

        guard var recipe = draft, recipe.ingredientCount > 0 || recipe.stepCount > 0 else { return nil }
        fill(&recipe, from: metadata)
        let hasTimes = recipe.totalMinutes != nil || recipe.prepMinutes != nil || recipe.cookMinutes != nil
        if recipe.yields == nil || !hasTimes {
            // The structured data left them out; the page may say them in words.
            let facts = PageFacts(blocks: blocks())
            recipe.yields = recipe.yields ?? facts.yields
            if !hasTimes {
                recipe.totalMinutes = facts.totalMinutes
                recipe.prepMinutes = facts.prepMinutes
                recipe.cookMinutes = facts.cookMinutes
            }
        }
        // A page read from a file has no address of its own: its canonical one serves to resolve against.
        let url = url ?? recipe.canonicalURL.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
        recipe.instructions = StepLines.tidy(recipe.instructions)
        let page = PageRecipe(
            title: recipe.title ?? "", description: recipe.description, yields: recipe.yields,
            totalMinutes: recipe.totalMinutes, prepMinutes: recipe.prepMinutes, cookMinutes: recipe.cookMinutes,
            ingredientGroups: recipe.ingredientGroups, instructions: recipe.instructions,
            cuisine: recipe.cuisine, category: recipe.category,
            imageURL: resolve(recipe.image, against: url), videoURL: resolve(recipe.video, against: url),
            author: recipe.author, siteName: recipe.siteName,
            canonicalURL: resolve(recipe.canonicalURL, against: url) ?? url?.absoluteString,
            language: recipe.language, method: method
        )
        // Lines that clean to nothing (punctuation, markup) may leave no recipe after all.
        guard !page.ingredients.isEmpty || page.instructions.contains(where: { $0.kind == .step }) else { return nil }
        return page
    }

    private static func completeness(_ draft: RecipeDraft?) -> Int {
        guard let draft else { return -1 }
        return (draft.ingredientCount > 0 ? 2 : 0) + (draft.stepCount > 0 ? 2 : 0) + (draft.title != nil ? 1 : 0)
    }

    private static func isComplete(_ draft: RecipeDraft?) -> Bool {
        guard let draft else { return false }
        return draft.ingredientCount > 0 && draft.stepCount > 0
    }

    /// The most complete of several recipes; the first among equals.
    private static func best(_ drafts: [RecipeDraft]) -> RecipeDraft? {
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
    private static func merged(_ draft: RecipeDraft, over other: RecipeDraft?) -> RecipeDraft {
        guard let other else { return draft }
        var result = draft
        result.title = result.title ?? other.title
        result.description = result.description ?? other.description
        result.yields = result.yields ?? other.yields
        result.totalMinutes = result.totalMinutes ?? other.totalMinutes
        result.prepMinutes = result.prepMinutes ?? other.prepMinutes
        result.cookMinutes = result.cookMinutes ?? other.cookMinutes
        if result.ingredientCount == 0 { result.ingredientGroups = other.ingredientGroups }
        if result.stepCount == 0 { result.instructions = other.instructions }
        result.cuisine = result.cuisine ?? other.cuisine
        result.category = result.category ?? other.category
        result.image = result.image ?? other.image
        result.video = result.video ?? other.video
        result.author = result.author ?? other.author
        result.siteName = result.siteName ?? other.siteName
        result.canonicalURL = result.canonicalURL ?? other.canonicalURL
        result.language = result.language ?? other.language
        return result
    }

    private static func fill(_ draft: inout RecipeDraft, from metadata: PageMetadata) {
        if draft.title.map({ CleanText.line($0).isEmpty }) ?? true {
            draft.title = metadata.bestTitle
        } else if let title = draft.title, CleanText.line(title).contains(where: { "|–—-:·".contains($0) }) {
            // "Pie Recipe - Site - Recipes" where the page's heading says "Pie".
            let foldedTitle = Folding.fold(title)
            if let heading = metadata.headings.first(where: { heading in
                let foldedHeading = Folding.fold(heading)
                return foldedHeading.count >= 4 && foldedTitle.count > foldedHeading.count && foldedTitle.hasPrefix(foldedHeading)
            }) {
                draft.title = heading
            }
        }
        draft.title = draft.title.map { PageMetadata.withoutNamespace(PageMetadata.withoutRecipeWord($0)) }
        draft.description = draft.description ?? metadata.description
        draft.image = metadata.image ?? draft.image
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
