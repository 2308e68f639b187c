import Foundation
import Testing
import Entity
@testable import RecipeReader

@Suite struct PageFactsInWords {
    private func recipe(_ body: String, structured: String = "") throws -> PageRecipe {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Tacos\",\(structured)\"recipeIngredient\":[\"8 tortillas\"],\"recipeInstructions\":\"Fill them.\"}"
        return try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<h1>Somewhere</h1>", with: body)))
    }

    @Test func aLabelAndItsValueOnOneLine() throws {
        let found = try recipe("<ul><li>Prep Time: 5 minutes</li><li>Total Time: 20 minutes</li><li>Servings: 4</li></ul>")
        #expect(found.yields == "4 servings")
        #expect(found.totalMinutes == 20)
        let inline = try recipe("<p>Makes 12 cookies</p><p>Prep &amp; Cook Time 1 hour 20 minutes</p>")
        #expect(inline.yields == "12 cookies")
        #expect(inline.totalMinutes == 80)
    }

    @Test func aLabelOverItsValue() throws {
        let found = try recipe("<div>Time</div><div>30 minutes</div><div>Servings</div><div>6</div>")
        #expect(found.yields == "6 servings")
        #expect(found.totalMinutes == 30)
        let colons = try recipe("<p><b>Prep Time:</b><br>5 minutes</p><p><b>Cook Time:</b><br>10 minutes</p><p>Makes:<br>1</p>")
        #expect(colons.totalMinutes == 15)
        #expect(colons.prepMinutes == 5 && colons.cookMinutes == 10)
        #expect(colons.yields == "1 serving")
    }

    @Test func valuesOverTheirLabels() throws {
        let found = try recipe("<ul><li>1 Servings</li><li>10 min Preparation Time</li><li>5 min Cook Time</li></ul>")
        #expect(found.yields == "1 serving")
        #expect(found.totalMinutes == 15)
        let stacked = try recipe("<div>1</div><div>Servings</div><div>10 min</div><div>Preparation Time</div><div>5 min</div><div>Cook Time</div><p>Mix.</p>")
        #expect(stacked.prepMinutes == 10 && stacked.cookMinutes == 5)
        let listed = try recipe("<ul><li>Hoofdgerecht</li><li>2 of 3 personen</li><li>Serves 4 people</li></ul>")
        // A range's first count, as structured data's ranges are read.
        #expect(listed.yields == "2 servings")
    }

    @Test func factsSetApartOnOneLine() throws {
        let found = try recipe("<p><em>Serves 2 | Total time: 15 minutes | Gluten free</em></p>")
        #expect(found.yields == "2 servings")
        #expect(found.totalMinutes == 15)
        let dashed = try recipe("<h2>4 servings — Ready in 20 minutes</h2>")
        #expect(dashed.yields == "4 servings")
        #expect(dashed.totalMinutes == 20)
    }

    @Test func yieldsInOtherWords() throws {
        #expect(try recipe("<ul><li><span>Makes</span> <span>Makes 12 to 16 pieces</span></li></ul>").yields == "16 pieces")
        #expect(try recipe("<p>Serves eight to ten</p>").yields == "10 servings")
        #expect(try recipe("<h4>Ingredients for 5 (small) servings</h4><p>Fill them.</p>").yields == "5 servings")
        #expect(try recipe("<h4>Zutaten für 4 Personen</h4><p>Fill them.</p>").yields == "4 servings")
        // A count that is not the list's.
        #expect(try recipe("<h4>Ingrédients pour le levain (1 nuit)</h4><p>Fill them.</p>").yields == nil)
    }

    @Test func factsBesideTheRecipeInAHeaderOrAnAside() throws {
        let meta = (1...12).map { "<div><span>Note \($0)</span></div>" }.joined()
        let header = try recipe("<header><h1>Tacos</h1>\(meta)<div>Hoofdgerecht</div><div>4 personen</div></header><p>Fill them.</p>")
        #expect(header.yields == "4 servings")
        let aside = try recipe("<aside><p><b>Makes:</b><br> 1</p></aside><p>Fill them.</p>")
        #expect(aside.yields == "1 serving")
        // A menu's numbers are not the recipe's.
        let menu = try recipe("<nav><ul><li>Serves 6</li></ul></nav><p>Fill them.</p>")
        #expect(menu.yields == nil)
    }

    @Test func theStructuredDataIsTrustedFirst() throws {
        let found = try recipe("<p>Serves 8</p><p>Total time: 2 hours</p>", structured: "\"recipeYield\":\"2\",\"cookTime\":\"PT10M\",")
        #expect(found.yields == "2 servings")
        #expect(found.totalMinutes == 10)
    }

    @Test func numbersThatAreNotAYieldOrATimeAreLeftAlone() throws {
        let found = try recipe("""
        <div>Servings</div><div>8</div><div>Time</div><div>8</div><p>Yield: 12 Serving Size: 1</p>
        <p>Bake for 20 minutes, then cook 5 minutes more.</p><p>Total: $12.50</p><p>4 people liked this</p>
        """)
        #expect(found.yields == "8 servings")
        #expect(found.totalMinutes == nil)
        let none = try recipe("<p>Yield: 12 Serving Size: 1</p><p>Time</p><p>Serves a crowd</p>")
        #expect(none.yields == nil)
        #expect(none.totalMinutes == nil)
    }
}

@Suite struct DurationReading {
    @Test(arguments: [
        ("PT1H30M", 90), ("P0DT0H45M", 45), ("PT90M", 90), ("PT1.5H", 90), ("pt20m", 20), ("PT0,5H", 30), ("P1D", 1_440),
        ("PT30S", 1), ("PT45M30S", 46), ("PT", nil), ("P", nil), ("PT-5M", nil), ("PTM", nil), ("PT5X", nil), ("P1H", nil),
        ("PT99999999999H", nil), ("junk", nil), ("", nil), ("45", 45), ("1 hour 30 mins", 90), ("45 min", 45), ("1h30", 90),
        ("1 Std. 20 Min.", 80), ("2 timer", 120), ("20 perc", 20), ("2 hrs", 120), ("1 Hour", 60), ("2 heures", 120),
        // Words that only start with an h are no hours.
        ("3 habaneros", nil), ("2 hvitløkfedd", nil),
    ] as [(String, Int?)])
    func durationsAsPagesWriteThem(text: String, minutes: Int?) {
        #expect(Durations.minutes(text) == minutes)
    }

    @Test(arguments: [("1h50", true), ("20Min", true), ("1 Std. 20 Min.", true), ("3 habaneros", false), ("45", false), ("5 min walk", false)])
    func aDurationAndNothingElse(text: String, plain: Bool) {
        #expect(Durations.isPlain(text) == plain)
    }
}
