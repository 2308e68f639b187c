/// The schema.org description of a recipe page, in the shape real recipe sites publish: one
/// `@graph` holding the `WebSite`, the `WebPage`, its `BreadcrumbList` and the `Recipe` (with a
/// `VideoObject` for recipes that have a video), linked by `@id`.
enum RecipeJSONLD {
    static func graph(recipe: CatalogRecipe, facts: RecipeFacts, urls: SiteURLs) -> PageJSONValue {
        let page = urls.recipe(recipe.id)
        let website = urls.home + "#website"
        let picture = urls.picture(recipe.id)
        let author: PageJSONValue = .object([("@type", .string("Organization")), ("name", .string(SiteChrome.siteName)), ("url", .string(urls.home))])

        var recipeNode: [(String, PageJSONValue)] = [
            ("@type", .string("Recipe")),
            ("@id", .string(page + "#recipe")),
            ("mainEntityOfPage", .object([("@id", .string(page))])),
            ("name", .string(recipe.title)),
            ("description", .string(RecipePageHTML.summary(recipe: recipe, facts: facts))),
            ("image", .array([.string(picture)])),
            ("author", author),
            ("datePublished", .string(facts.published)),
            ("recipeYield", .array([.string(String(facts.servings)), .string("\(facts.servings) servings")])),
            ("prepTime", .string(RecipeFacts.isoDuration(minutes: facts.prepMinutes))),
            ("cookTime", .string(RecipeFacts.isoDuration(minutes: facts.cookMinutes))),
            ("totalTime", .string(RecipeFacts.isoDuration(minutes: facts.totalMinutes))),
            ("recipeCategory", .array([.string(facts.course)])),
        ]
        if !recipe.cuisine.isEmpty { recipeNode.append(("recipeCuisine", .array([.string(recipe.cuisine)]))) }
        recipeNode.append(("keywords", .string(([recipe.cuisine] + recipe.ingredients.prefix(3)).filter { !$0.isEmpty }.joined(separator: ", "))))
        recipeNode.append(("recipeIngredient", .array(facts.ingredientLines.map { .string($0) })))
        recipeNode.append(("recipeInstructions", .array(facts.steps.enumerated().map { number, step in
            .object([
                ("@type", .string("HowToStep")),
                ("text", .string(step)),
                ("url", .string(page + "#step-\(number + 1)")),
            ])
        })))
        if facts.hasVideo {
            recipeNode.append(("video", video(recipe: recipe, facts: facts, urls: urls)))
        }

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
                    ("primaryImageOfPage", .object([("@type", .string("ImageObject")), ("url", .string(picture))])),
                    ("breadcrumb", .object([("@id", .string(page + "#breadcrumb"))])),
                    ("datePublished", .string(facts.published)),
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

    /// The recipe's video: the server's own stand-in page, with the recipe's picture as its poster.
    static func video(recipe: CatalogRecipe, facts: RecipeFacts, urls: SiteURLs) -> PageJSONValue {
        .object([
            ("@type", .string("VideoObject")),
            ("name", .string("How to make \(recipe.title)")),
            ("description", .string(VideoPage.description(recipe: recipe))),
            ("thumbnailUrl", .array([.string(urls.picture(recipe.id))])),
            ("uploadDate", .string(facts.published)),
            ("duration", .string(RecipeFacts.isoDuration(seconds: facts.videoSeconds))),
            ("embedUrl", .string(urls.video(recipe.id))),
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
