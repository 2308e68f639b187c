import Foundation
import Testing
import Entity
@testable import RecipeReader

/// A page holding `json` as JSON-LD (and a heading, so the page is not empty of text).
func pageWithJSONLD(_ json: String, type: String = "application/ld+json") -> String {
    "<html><head><title>Site</title><script type=\"\(type)\">\(json)</script></head><body><h1>Somewhere</h1></body></html>"
}

func extract(_ html: String, url: String? = "https://example.com/recipes/pie/") -> PageRecipe? {
    RecipeExtractor.extract(html: html, url: url.flatMap { URL(string: $0) })
}

@Suite struct JSONLDShapes {
    private let recipeBody = #""name":"Apple Pie","recipeIngredient":["2 apples","1 crust"],"recipeInstructions":"Bake it.""#

    @Test func aPlainRecipeObjectIsRead() throws {
        let recipe = try #require(extract(pageWithJSONLD("{\"@context\":\"https://schema.org\",\"@type\":\"Recipe\",\(recipeBody)}")))
        #expect(recipe.title == "Apple Pie")
        #expect(recipe.ingredients == ["2 apples", "1 crust"])
        #expect(recipe.steps == ["Bake it."])
        #expect(recipe.method == .jsonLD)
        #expect(recipe.canonicalURL == "https://example.com/recipes/pie/")
    }

    @Test(arguments: [
        "[{\"@type\":\"WebSite\",\"name\":\"Site\"},{\"@type\":\"Recipe\",RECIPE}]",
        "{\"@context\":\"https://schema.org\",\"@graph\":[{\"@type\":\"WebPage\"},{\"@type\":\"Recipe\",RECIPE}]}",
        "{\"@type\":\"WebPage\",\"mainEntity\":{\"@type\":\"Recipe\",RECIPE}}",
        "{\"@type\":\"Article\",\"mainEntityOfPage\":{\"@type\":\"Recipe\",RECIPE}}",
        "{\"@type\":[\"Recipe\",\"NewsArticle\"],RECIPE}",
        "{\"@type\":\"schema:Recipe\",RECIPE}",
        "{\"@type\":\"http://schema.org/Recipe\",RECIPE}",
        "{\"@type\":\"https://schema.org/Recipe\",RECIPE}",
        "{\"@type\":\"recipe\",RECIPE}",
        "{\"@type\":\"WebSite\"}{\"@type\":\"Recipe\",RECIPE}",
        "<!--\n{\"@type\":\"Recipe\",RECIPE}\n-->",
        "//<![CDATA[\n{\"@type\":\"Recipe\",RECIPE}\n//]]>",
        "{\"@type\":\"Recipe\",RECIPE,};",
        "{\"@type\":\"Recipe\",\"name\":\"Apple\nPie\",\"recipeIngredient\":[\"2\tapples\",\"1 crust\",],\"recipeInstructions\":\"Bake it.\"}",
    ])
    func everyShapeSitesEmitIsFound(json: String) throws {
        let recipe = try #require(extract(pageWithJSONLD(json.replacingOccurrences(of: "RECIPE", with: recipeBody))))
        #expect(recipe.title == "Apple Pie")
        #expect(recipe.ingredients == ["2 apples", "1 crust"])
        #expect(recipe.steps == ["Bake it."])
    }

    @Test func theRecipeIsFoundAmongSeveralScriptsAndTheFullestWins() throws {
        let html = pageWithJSONLD("{\"@type\":\"Organization\",\"name\":\"Site\"}")
            + "<script type='application/ld+json'>{\"@type\":\"Recipe\",\"name\":\"Teaser\"}</script>"
            + "<script type=\"application/ld+json\">{\"@type\":\"Recipe\",\(recipeBody)}</script>"
        let recipe = try #require(extract(html))
        #expect(recipe.title == "Apple Pie")
        #expect(recipe.ingredients.count == 2)
    }

    @Test func scriptsThatHoldNoDataAreNotRead() {
        // (A recipe in `application/json` is the page's app data: see AppDataRecipes.)
        #expect(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\(recipeBody)}", type: "text/x-template")) == nil)
    }

    @Test(arguments: [
        ("\"<p>Preheat the oven.</p><p>Bake <b>30</b> minutes.</p>\"", ["Preheat the oven.", "Bake 30 minutes."]),
        ("\"Preheat the oven.\\nBake 30 minutes.\\r\\n\\nServe.\"", ["Preheat the oven.", "Bake 30 minutes.", "Serve."]),
        ("\"<ol><li>Preheat.</li><li>Bake.</li></ol>\"", ["Preheat.", "Bake."]),
        ("\"Mix.<br>Bake.<br/>Serve.\"", ["Mix.", "Bake.", "Serve."]),
        ("[\"Preheat.\",\"Bake.\"]", ["Preheat.", "Bake."]),
        ("[{\"@type\":\"HowToStep\",\"text\":\"Preheat.\"},{\"@type\":\"HowToStep\",\"name\":\"Bake.\"}]", ["Preheat.", "Bake."]),
        ("[{\"@type\":\"HowToStep\",\"name\":\"Make the glaze\",\"text\":\"Whisk sugar and milk.\"}]", ["Make the glaze", "Whisk sugar and milk."]),
        ("[{\"@type\":\"HowToStep\",\"name\":\"Whisk sugar\",\"text\":\"Whisk sugar and milk.\"}]", ["Whisk sugar and milk."]),
        ("[{\"@type\":\"HowToStep\",\"name\":\"Step 1\",\"text\":\"Whisk.\"},{\"@type\":\"HowToStep\",\"name\":\"Schritt 2\",\"text\":\"Bake.\"}]", ["Whisk.", "Bake."]),
        // A name with a number that says more than the number ("Day 1 (Morning)") is a line of its own.
        ("[{\"@type\":\"HowToStep\",\"name\":\"Day 1 (Morning): \",\"text\":\"Whisk the flours.\"}]", ["Day 1 (Morning):", "Whisk the flours."]),
        ("[{\"@type\":\"HowToStep\",\"itemListElement\":[{\"@type\":\"HowToDirection\",\"text\":\"Mix.\"},{\"@type\":\"HowToTip\",\"text\":\"Gently.\"}]}]", ["Mix.", "Gently."]),
        ("""
        [{"@type":"HowToSection","name":"For the dough","itemListElement":[{"@type":"HowToStep","text":"Knead."}]},
         {"@type":"HowToSection","name":"For the filling","itemListElement":[{"@type":"HowToSection","name":"Apples",
          "itemListElement":["Slice."]},{"@type":"HowToStep","text":"Fill."}]}]
        """, ["For the dough", "Knead.", "For the filling", "Apples", "Slice.", "Fill."]),
        // One section over the whole method, named as the method, titles it; among others it is a part.
        ("[{\"@type\":\"HowToSection\",\"name\":\"Modo de preparo\",\"itemListElement\":[\"Mix.\",\"Bake.\"]}]", ["Mix.", "Bake."]),
        ("""
        [{"@type":"HowToSection","name":"Preparation","itemListElement":["Chop."]},
         {"@type":"HowToSection","name":"Make the cake","itemListElement":["Bake."]}]
        """, ["Preparation", "Chop.", "Make the cake", "Bake."]),
        ("[\"1. Preheat the oven.\",\"Step 2: Bake.\"]", ["Preheat the oven.", "Bake."]),
        ("\"1. Preheat the oven to 325°F.2. Whisk the eggs.3. Bake for 20 minutes.\"", ["Preheat the oven to 325°F.", "Whisk the eggs.", "Bake for 20 minutes."]),
        // A script without capitals may follow the number's stop with no space, a numeral of its own too (`六寸`, six-inch).
        ("\"1.奶油奶酪软化 2.六寸模具垫油纸 3.烤28分钟\"", ["奶油奶酪软化", "六寸模具垫油纸", "烤28分钟"]),
        ("\"&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;\"", ["Fish & chips"]),
        ("[[\"Nested.\"],[[\"Deeper.\"]]]", ["Nested.", "Deeper."]),
    ])
    func instructionsInEveryShape(instructions: String, steps: [String]) throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeIngredient\":[\"1 crust\"],\"recipeInstructions\":\(instructions)}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.steps == steps)
    }

    @Test func stepsTheDataSplitInsideBracketsAreOne() throws {
        let json = """
        {"@type":"Recipe","name":"Gratin","recipeIngredient":["1 kg potatoes"],"recipeInstructions":[
         {"@type":"HowToStep","text":"Heat the oven to 180 °C (th."},{"@type":"HowToStep","text":" 6)."},
         {"@type":"HowToStep","text":"Bake at 180 °C (th."},{"@type":"HowToStep","text":" 6) until golden."},
         {"@type":"HowToStep","text":"Serve (hot or cold"},{"@type":"HowToStep","text":"Enjoy."},{"@type":"HowToStep","text":"Wash up."}]}
        """
        let recipe = try #require(extract(pageWithJSONLD(json)))
        // A bracket that no step near closes is left as it is.
        #expect(recipe.steps == ["Heat the oven to 180 °C (th. 6).", "Bake at 180 °C (th. 6) until golden.", "Serve (hot or cold", "Enjoy.", "Wash up."])
    }

    @Test func sectionHeadingsAreLinesOfTheirOwnKind() throws {
        let json = """
        {"@type":"Recipe","name":"Pie","recipeIngredient":["1 crust"],"recipeInstructions":[{"@type":"HowToSection","name":"Dough",
         "itemListElement":[{"@type":"HowToStep","text":"Knead."}]}]}
        """
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.instructions == [.section("Dough"), .step("Knead.")])
    }

    @Test(arguments: [
        ("\"recipeIngredient\":[\"2 cups flour\",\"1 &amp;amp; more\"]", ["2 cups flour", "1 & more"]),
        ("\"ingredients\":[\"2 cups flour\",\"1 egg\"]", ["2 cups flour", "1 egg"]),
        ("\"recipeIngredient\":\"2 cups flour\\n1 egg\"", ["2 cups flour", "1 egg"]),
        ("\"recipeIngredient\":[\"<b>2</b> cups flour\",\"\",\"   \",\"1 egg\"]", ["2 cups flour", "1 egg"]),
        ("\"recipeIngredient\":[\"FOR THE DOUGH\",\"2 cups flour\",\"For the glaze:\",\"1 cup sugar\"]", ["FOR THE DOUGH", "2 cups flour", "For the glaze:", "1 cup sugar"]),
        ("\"recipeIngredient\":[\"Sea salt and\\nfreshly ground pepper\",\"1 egg\"]", ["Sea salt and freshly ground pepper", "1 egg"]),
        // An entry holding several ingredients a line each is those lines.
        ("\"recipeIngredient\":[\"3 Tbsp olive oil\\n3 garlic cloves, minced\",\"1 egg\"]", ["3 Tbsp olive oil", "3 garlic cloves, minced", "1 egg"]),
        ("\"recipeIngredient\":[\"Zutaten:\",\"1 egg\"]", ["1 egg"]),
        ("\"recipeIngredient\":[{\"@type\":\"HowToSupply\",\"name\":\"2 cups flour\"},3]", ["2 cups flour", "3"]),
        ("\"recipeIngredient\":[\"1Â¼ cups cream\"]", ["1¼ cups cream"]),
    ])
    func ingredientsInEveryShape(member: String, ingredients: [String]) throws {
        let recipe = try #require(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\(member),\"recipeInstructions\":\"Bake.\"}")))
        #expect(recipe.ingredients == ingredients)
    }

    /// Structured text is kept as the data gives it: a line naming a group ("For the glaze:") stays a
    /// line, an entry broken over two lines stays one line.
    @Test func groupNameLinesTheStructuredDataCarriesStayLines() throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeIngredient\":[\"FOR THE DOUGH\",\"2 cups flour\",\"For the glaze:\",\"1 cup sugar\"]}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["FOR THE DOUGH", "2 cups flour", "For the glaze:", "1 cup sugar"])])
    }

    /// The same lines where the page shows them as the headings of its own list: there they name the
    /// lines under them.
    @Test(arguments: [
        "<ul><li><strong>For the dough:</strong></li><li>2 cups flour</li><li><strong>Glaze</strong></li><li>1 cup sugar</li></ul>",
        "<h4>For the dough:</h4><p>2 cups flour</p><div class='list-title'>Glaze</div><p>1 cup sugar</p>",
        "<div><p class='type-h5'>FOR THE DOUGH:</p><p>2 <b>cups</b> flour</p><h3><span>Glaze</span></h3><ul><li>1 cup sugar</li></ul></div>",
    ])
    func groupNameLinesThePageShowsAsHeadingsNameTheirGroups(list: String) throws {
        let json = #"{"@type":"Recipe","name":"Pie","recipeIngredient":["For the dough:","2 cups flour","Glaze","1 cup sugar"],"recipeInstructions":"Bake."}"#
        let html = pageWithJSONLD(json).replacingOccurrences(of: "</body>", with: list + "</body>")
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups.map(\.name) == ["For the dough", "Glaze"])
        #expect(recipe.ingredients == ["2 cups flour", "1 cup sugar"])
    }

    /// A line the page shows in bold or as a heading somewhere else stays a line: in a list whose every
    /// item starts in bold or that sets names in bold, in a heading over other text, in bold inside a
    /// sentence, or as the list's last line.
    @Test(arguments: [
        "<ul><li><strong>Flour</strong></li><li><strong>Glaze</strong></li><li><strong>1 cup sugar</strong>, fine.</li></ul>",
        "<h3>Glaze</h3><p>A glaze makes the pie shine.</p>",
        "<p>Brush on the <strong>Glaze</strong> 1 cup sugar</p>",
        "<ul><li>2 cups flour</li><li>Glaze</li><li>1 cup sugar</li></ul>",
        // A list that sets the names in its lines in bold sets a line of names only all in bold.
        "<ul><li>2 cups <strong>flour</strong></li><li><strong>Glaze</strong></li><li>1 cup <strong>sugar</strong></li></ul>",
    ])
    func linesShownInBoldOrAsHeadingsElsewhereStayLines(list: String) throws {
        let json = #"{"@type":"Recipe","name":"Pie","recipeIngredient":["2 cups flour","Glaze","1 cup sugar","Sea salt"],"recipeInstructions":"Bake."}"#
        let html = pageWithJSONLD(json).replacingOccurrences(of: "</body>", with: list + "<h2>Sea salt</h2><p>What else</p></body>")
        let recipe = try #require(extract(html))
        #expect(recipe.ingredientGroups == [.init(name: nil, lines: ["2 cups flour", "Glaze", "1 cup sugar", "Sea salt"])])
    }

    @Test(arguments: [
        ("\"totalTime\":\"PT1H30M\"", 90, nil, nil),
        ("\"totalTime\":\"P0DT0H45M\",\"prepTime\":\"PT15M\"", 45, 15, nil),
        ("\"prepTime\":\"PT15M\",\"cookTime\":\"PT90M\"", 105, 15, 90),
        ("\"totalTime\":\"PT0.5H\",\"cookTime\":\"junk\"", 30, nil, nil),
        ("\"totalTime\":[\"PT20M\"],\"cookTime\":{\"@value\":\"PT10M\"}", 20, nil, 10),
        ("\"totalTime\":true,\"prepTime\":null", nil, nil, nil),
    ] as [(String, Int?, Int?, Int?)])
    func timesInEveryShape(member: String, total: Int?, prep: Int?, cook: Int?) throws {
        let recipe = try #require(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\(member),\"recipeInstructions\":\"Bake.\"}")))
        #expect(recipe.totalMinutes == total)
        #expect(recipe.prepMinutes == prep)
        #expect(recipe.cookMinutes == cook)
    }

    @Test(arguments: [
        ("4", "4 servings"), ("\"4\"", "4 servings"), ("\"1\"", "1 serving"), ("\"12 cookies\"", "12 cookies"),
        ("[\"4\",\"4 servings\"]", "4 servings"), ("[6]", "6 servings"), ("{\"@value\":\"2 loaves\"}", "2 loaves"),
        ("[\"8\",\"8 slices\"]", "8 slices"), ("[8, \"Serves 8-10\"]", "8 servings"), ("[\"\",\"2 cakes\"]", "2 cakes"),
        // The same text twice is one value: a range written as one counts at its top.
        ("[\"Serves 4-6\",\"Serves 4-6\"]", "6 servings"),
    ])
    func yieldsInEveryShape(value: String, yields: String) throws {
        let recipe = try #require(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeYield\":\(value),\"recipeInstructions\":\"Bake.\"}")))
        #expect(recipe.yields == yields)
    }

    /// A yield is one count and what it counts: the first number, or the top of a range it starts that
    /// is written as one (`4-6`, `10 to 12`), and the kind of piece when the page names one, else servings.
    @Test(arguments: [
        ("4 persons", "4 servings"), ("4 people", "4 servings"), ("Serves 4", "4 servings"), ("Serves: 4", "4 servings"),
        ("Serves 4.0", "4 servings"), ("Für 4 Personen", "4 servings"), ("6 PORSJONER", "6 servings"), ("2人分", "2 servings"),
        ("1 portion", "1 serving"), ("4 serving(s)", "4 servings"), ("3 adag", "3 servings"), ("12 pezzi", "12 servings"),
        ("4 to 6 servings", "6 servings"), ("8-10", "10 servings"), ("Serves 10 to 12", "12 servings"), ("11-12 cookies", "12 cookies"),
        ("10-15 porcií", "15 servings"), ("4 - 6 people", "4 servings"), ("4 à 6 personnes", "4 servings"), ("4 as a main, 8 as a side", "4 servings"),
        ("12 large cookies", "12 cookies"), ("1 9x13 pan of bars", "1 bar"), ("about 2 dozen", "2 dozen"), ("16 mini cheesecakes", "16 servings"),
        ("4 burgers", "4 servings"), ("Makes 1 loaf", "1 loaf"), ("Serves a crowd", "Serves a crowd"),
    ])
    func aYieldIsItsFirstCountOrTheTopOfItsRangeAndThePieceItNamesElseServings(value: String, yields: String) throws {
        let json = "{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeYield\":\"\(value)\",\"recipeInstructions\":\"Bake.\"}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.yields == yields)
    }

    @Test(arguments: [
        ("\"https://example.com/a.jpg\"", "https://example.com/a.jpg"),
        ("{\"@type\":\"ImageObject\",\"url\":\"https://example.com/b.jpg\"}", "https://example.com/b.jpg"),
        ("{\"@type\":\"ImageObject\",\"contentUrl\":\"https://example.com/c.jpg\"}", "https://example.com/c.jpg"),
        ("[\"https://example.com/d.jpg\",\"https://example.com/e.jpg\"]", "https://example.com/d.jpg"),
        ("[{\"url\":\"https://example.com/f.jpg\"}]", "https://example.com/f.jpg"),
        ("{\"@id\":\"#primaryimage\"}", "https://example.com/g.jpg"),
        ("\"/images/h.jpg\"", "https://example.com/images/h.jpg"),
    ])
    func imagesInEveryShape(value: String, image: String) throws {
        let json = """
        {"@graph":[{"@type":"ImageObject","@id":"#primaryimage","url":"https://example.com/g.jpg"},
         {"@type":"Recipe","name":"Pie","image":\(value),"recipeInstructions":"Bake."}]}
        """
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.imageURL == image)
    }

    @Test(arguments: [
        ("{\"@type\":\"VideoObject\",\"contentUrl\":\"https://v.example/1.mp4\",\"embedUrl\":\"https://v.example/embed/1\"}", "https://v.example/1.mp4"),
        ("{\"@type\":\"VideoObject\",\"embedUrl\":\"https://v.example/embed/2\"}", "https://v.example/embed/2"),
        ("[{\"@type\":\"VideoObject\",\"url\":\"https://v.example/3\"}]", "https://v.example/3"),
    ])
    func videosInEveryShape(value: String, video: String) throws {
        let recipe = try #require(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\"video\":\(value),\"recipeInstructions\":\"Bake.\"}")))
        #expect(recipe.videoURL == video)
    }

    @Test(arguments: [
        ("\"Ann Baker\"", "Ann Baker"),
        ("{\"@type\":\"Person\",\"name\":\"Ann Baker\"}", "Ann Baker"),
        ("[{\"@type\":\"Person\",\"name\":\"Ann\"},\"Bo\",{\"name\":\"Ann\"}]", "Ann, Bo"),
        ("{\"@id\":\"#ann\"}", "Ann Baker"),
    ])
    func authorsInEveryShape(value: String, author: String) throws {
        let json = "{\"@graph\":[{\"@type\":\"Person\",\"@id\":\"#ann\",\"name\":\"Ann Baker\"},{\"@type\":\"Recipe\",\"name\":\"Pie\",\"author\":\(value),\"recipeInstructions\":\"Bake.\"}]}"
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.author == author)
    }

    @Test func wrongTypesEverywhereGiveWhatCanBeReadAndNoMore() throws {
        let json = """
        {"@type":"Recipe","name":["",{"name":"Pie"}],"recipeIngredient":{"a":1},"recipeInstructions":[null,true,{"x":1},"Bake."],
         "recipeYield":{"a":[]},"totalTime":{"a":"b"},"image":42,"video":false,"author":[null,1],"recipeCuisine":{"no":"name"},
         "recipeCategory":[["Dessert"],"Pie"],"description":[1,2]}
        """
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.title == "Pie")
        #expect(recipe.steps == ["Bake."])
        #expect(recipe.ingredients.isEmpty)
        #expect(recipe.totalMinutes == nil)
        #expect(recipe.imageURL == nil)
        #expect(recipe.videoURL == nil)
    }

    @Test func cuisineCategoryDescriptionAndLanguageAreKept() throws {
        let json = """
        {"@type":"Recipe","name":"Pie","description":"A <em>fine</em> pie.","recipeCuisine":["French","French","Breton"],
         "recipeCategory":"Dessert","inLanguage":"fr","publisher":{"@type":"Organization","name":"Pie Site"},"recipeInstructions":"Bake."}
        """
        let recipe = try #require(extract(pageWithJSONLD(json).replacingOccurrences(of: "<html>", with: "<html lang=fr-FR>")))
        #expect(recipe.description == "A fine pie.")
        #expect(recipe.cuisine == "French, Breton")
        #expect(recipe.category == "Dessert")
        #expect(recipe.language == "fr-FR")
        #expect(recipe.siteName == "Pie Site")
    }

    /// A bullet typed before each line is no part of it; a sign that belongs to the line stays.
    @Test func aBulletTypedBeforeAStructuredLineIsNoPartOfIt() throws {
        let json = #"{"@type":"Recipe","name":"Soupe","recipeIngredient":["- 300 g d'emmental","• 1 baguette","-5 °C cold water"],"recipeInstructions":"Cook."}"#
        let recipe = try #require(extract(pageWithJSONLD(json)))
        #expect(recipe.ingredients == ["300 g d'emmental", "1 baguette", "-5 °C cold water"])
    }

    /// Found by fuzzing: lines that clean to nothing left a recipe with neither ingredients nor steps.
    @Test func aRecipeWhoseLinesCleanToNothingIsNoRecipe() {
        #expect(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeInstructions\":[\"~\",\"<br>\",\"\\u200b\"]}")) == nil)
        #expect(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Pie\",\"recipeInstructions\":[{\"@type\":\"HowToSection\",\"name\":\"Only a heading\"}]}")) == nil)
    }

    @Test func aPageWithoutARecipeHasNone() {
        #expect(extract("<html><head><title>News</title></head><body><h1>Headline</h1><p>Text.</p></body></html>") == nil)
        #expect(extract(pageWithJSONLD("{\"@type\":\"Recipe\",\"name\":\"Only a name\"}")) == nil)
        #expect(extract("") == nil)
    }
}
