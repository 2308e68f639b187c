import Testing
import Entity
import PuppyServer

/// The amounts a recipe page writes before each catalog name are estimates; what matters is that a line
/// read back into its parts gives the catalog's name, with an amount a cook can scale.
@Suite struct PageAmounts {
    @Test func everyBundledLineReadsBackToItsCatalogNameWithAnAmount() throws {
        let catalog = try Catalog.bundled()
        var misread: [String] = []
        var lines = 0
        for recipe in catalog.recipes {
            let written = recipe.pageIngredientLines
            #expect(written.count == recipe.ingredients.count)
            for (name, text) in zip(recipe.ingredients, written) {
                lines += 1
                let line = IngredientLine(parsing: text)
                let toTaste = text.hasSuffix(", to taste")
                // `shredded coconut`, `glass noodles`: a word the reader takes for a preparation or a size.
                let whole = IngredientKey(name: [line.size, line.preparation, line.name].compactMap { $0 }.joined(separator: " "))
                let named = IngredientKey(line) == IngredientKey(name: name) || whole == IngredientKey(name: name)
                if line.isUnsure || !named || (line.scalableQuantity == nil) != toTaste {
                    misread.append("\(text) → \(line.name)\(line.isUnsure ? " (unsure)" : "")")
                }
            }
        }
        #expect(lines > 6_000)
        #expect(misread.isEmpty, "\(misread.count) lines: \(misread.prefix(40).joined(separator: "; "))")
    }

    @Test func aRecipeIsWrittenInOneSystemOfMeasures() throws {
        let catalog = try Catalog.bundled()
        var metric = 0
        var us = 0
        for recipe in catalog.recipes {
            let units = Set(recipe.pageIngredientLines.compactMap { IngredientLine(parsing: $0).unit }.filter(\.isMeasure)
                .filter { ![IngredientUnit.teaspoon, .tablespoon].contains($0) }.map(\.system))
            #expect(units.count <= 1, "\(recipe.id): \(recipe.pageIngredientLines)")
            if units == [.metric] { metric += 1 } else if !units.isEmpty { us += 1 }
        }
        #expect(metric > 200 && us > 200, "both systems are used: \(metric) metric, \(us) US")
    }
}
