import Entity

/// What one way of reading a page found, before the extractor settles on a `PageRecipe`.
struct RecipeDraft {
    var title: String?
    var description: String?
    var yields: String?
    var totalMinutes: Int?
    var prepMinutes: Int?
    var cookMinutes: Int?
    var ingredientGroups: [PageRecipe.IngredientGroup] = []
    var instructions: [PageRecipe.Instruction] = []
    var cuisine: String?
    var category: String?
    /// Pictures the source names for the recipe.
    var pictures = Pictures()
    var video: String?
    var author: String?
    var siteName: String?
    var canonicalURL: String?
    var language: String?
    /// The original the recipe was taken from (`isBasedOn`) and its licence (`license`).
    var basedOn: String?
    var license: String?

    var ingredientCount: Int {
        ingredientGroups.reduce(0) { $0 + $1.lines.count }
    }

    var stepCount: Int {
        instructions.lazy.filter { $0.kind == .step }.count
    }

    var hasGroupNames: Bool {
        ingredientGroups.contains { $0.name != nil }
    }

    var hasSections: Bool {
        instructions.contains { $0.kind == .section }
    }
}

extension RecipeDraft {
    /// The draft without the page's labels and controls among its lines (see `PageLabels`), for a
    /// recipe read from a page's markup; nil when nothing is left.
    var withoutPageLabels: RecipeDraft? {
        var draft = self
        draft.ingredientGroups = ingredientGroups.map { group in
            PageRecipe.IngredientGroup(name: group.name, lines: group.lines.filter { !PageLabels.isNotRecipeText($0) && !IngredientLines.isNote($0) })
        }.filter { !$0.lines.isEmpty }
        // A control printed after every line ("… shopping list") is no part of them.
        if let tail = PageLabels.trailingControl(of: draft.ingredientGroups.flatMap(\.lines)) {
            draft.ingredientGroups = draft.ingredientGroups.map { group in
                PageRecipe.IngredientGroup(name: group.name, lines: group.lines.map { PageLabels.withoutTail(tail, of: $0) })
            }
        }
        // A section named only by its place ("Schritt 1"), or numbered as a step ("Step 1: Prep"), is a label too.
        draft.instructions = instructions.filter { instruction in
            instruction.kind == .section
                ? !StepLines.isNumberingLabel(instruction.text) && !StepLines.isNumberedStepTitle(instruction.text)
                : !PageLabels.isNotRecipeText(instruction.text)
        }.map { instruction in
            instruction.kind == .step ? .step(StepLines.withoutTrailingYield(instruction.text)) : instruction
        }
        // So is one after every step ("… into a large bowl. Mark as complete").
        if let tail = PageLabels.trailingControl(of: draft.instructions.filter { $0.kind == .step }.map(\.text)) {
            draft.instructions = draft.instructions.map { $0.kind == .step ? .step(PageLabels.withoutTail(tail, of: $0.text)) : $0 }
        }
        guard draft.ingredientCount > 0 || draft.stepCount > 0 else { return nil }
        return draft
    }
}
