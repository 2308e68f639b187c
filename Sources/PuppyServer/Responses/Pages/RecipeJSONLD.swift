import PuppyCatalog
/// The schema.org description of a recipe page, in the shape real recipe sites publish: one
/// `@graph` holding the `WebSite`, the `WebPage`, its `BreadcrumbList` and the `Recipe`, linked by
/// `@id`. Only what the catalog knows is said: no yield, times, date or image it does not hold.
enum RecipeJSONLD {
    static func graph(recipe: CatalogRecipe, facts: RecipeFacts, picture: String?, urls: SiteURLs) -> PageJSONValue {
        let page = urls.recipe(recipe.id)
        let website = urls.home + "#website"
        let author: PageJSONValue = recipe.author.map { .object([("@type", .string("Person")), ("name", .string($0))]) }
            ?? .object([("@type", .string("Organization")), ("name", .string(SiteChrome.siteName)), ("url", .string(urls.home))])

        var recipeNode: [(String, PageJSONValue)] = [
            ("@type", .string("Recipe")),
            ("@id", .string(page + "#recipe")),
            ("mainEntityOfPage", .object([("@id", .string(page))])),
            ("name", .string(recipe.title)),
            ("description", .string(RecipePageHTML.summary(recipe: recipe))),
        ]
        if let picture { recipeNode.append(("image", .array([.string(picture)]))) }
        recipeNode.append(("author", author))
        if let published = facts.published { recipeNode.append(("datePublished", .string(published))) }
        if let servings = facts.servings { recipeNode.append(("recipeYield", .string(servings))) }
        for (key, minutes) in [("prepTime", facts.prepMinutes), ("cookTime", facts.cookMinutes), ("totalTime", facts.totalMinutes)] {
            if let minutes { recipeNode.append((key, .string(RecipeFacts.isoDuration(minutes: minutes)))) }
        }
        if !recipe.cuisine.isEmpty { recipeNode.append(("recipeCuisine", .array([.string(recipe.cuisine)]))) }
        let keywords = recipe.tags ?? ([recipe.cuisine] + recipe.ingredients.prefix(3)).filter { !$0.isEmpty }
        recipeNode.append(("keywords", .string(keywords.joined(separator: ", "))))
        recipeNode.append(("recipeIngredient", .array(facts.ingredientLines.map { .string($0) })))
        recipeNode.append(("recipeInstructions", .array(facts.steps.enumerated().map { number, step in
            .object([
                ("@type", .string("HowToStep")),
                ("text", .string(step)),
                ("url", .string(page + "#step-\(number + 1)")),
            ])
        })))
        if let source = recipe.source { recipeNode.append(("isBasedOn", .string(source))) }
        if let licence = recipe.licence { recipeNode.append(("license", .string(licence))) }

        var crumbs: [PageJSONValue] = [
            crumb(1, "Home", urls.home),
            crumb(2, "Recipes", urls.home + "#recipes"),
        ]
        crumbs.append(crumb(3, recipe.title, page))

        return .object([
            ("@context", .string("https://schema.org")),
            ("@graph", .array([
                .object([
                    ("@type", .string("WebSite")),
                    ("@id", .string(website)),
                    ("url", .string(urls.home)),
                    ("name", .string(SiteChrome.siteName)),
                ]),
                .object([
                    ("@type", .string("WebPage")),
                    ("@id", .string(page)),
                    ("url", .string(page)),
                    ("name", .string(recipe.title)),
                    ("isPartOf", .object([("@id", .string(website))])),
                    ("breadcrumb", .object([("@id", .string(page + "#breadcrumb"))])),
                ]),
                .object([
                    ("@type", .string("BreadcrumbList")),
                    ("@id", .string(page + "#breadcrumb")),
                    ("itemListElement", .array(crumbs)),
                ]),
                .object(recipeNode),
            ])),
        ])
    }

    private static func crumb(_ position: Int, _ name: String, _ url: String) -> PageJSONValue {
        .object([
            ("@type", .string("ListItem")),
            ("position", .number(position)),
            ("name", .string(name)),
            ("item", .string(url)),
        ])
    }
}
