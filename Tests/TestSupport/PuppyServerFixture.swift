import Foundation
public import PuppyServer
public import PuppyCatalog
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Starts a PuppyServer on 127.0.0.1, port 0, for one test, and always shuts it down.
///
/// ```swift
/// try await PuppyServerFixture.withServer(configuration: .init(quirks: [.gaps])) { server in
///     let (data, _) = try await URLSession.shared.data(from: server.apiURL.appending(queryItems: ...))
/// }
/// ```
public enum PuppyServerFixture {
    /// Runs `body` with a started server (host 127.0.0.1 and port 0 whatever `configuration` says) and
    /// shuts the server down afterwards, also when `body` throws.
    public static func withServer<Result>(
        catalog: Catalog? = nil,
        configuration: ServerConfiguration = ServerConfiguration(),
        _ body: (PuppyServer) async throws -> Result
    ) async throws -> Result {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let server = PuppyServer(catalog: try catalog ?? sampleCatalog(), configuration: configuration)
        try server.start()
        do {
            let result = try await body(server)
            server.shutdown()
            return result
        } catch {
            server.shutdown()
            throw error
        }
    }

    /// The titles a quirk-free server with `catalog` answers for the ingredient search `ingredients`,
    /// every page walked over HTTP to the first empty one: what a client surviving any quirk must show.
    public static func titles(matching ingredients: String, in catalog: Catalog) async throws -> Set<String> {
        try await withServer(catalog: catalog) { server in
            var titles = Set<String>()
            for page in 1... {
                var components = URLComponents(url: server.apiURL, resolvingAgainstBaseURL: false)
                components?.queryItems = [URLQueryItem(name: "i", value: ingredients), URLQueryItem(name: "p", value: String(page))]
                guard let url = components?.url else { break }
                let (data, _) = try await URLSession.shared.data(from: url)
                let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                let results = object?["results"] as? [[String: Any]] ?? []
                if results.isEmpty { break }
                titles.formUnion(results.compactMap { $0["title"] as? String })
            }
            return titles
        }
    }

    /// 36 real dishes in catalog order; 23 have garlic (3 pages), several have milk or cheese. Each
    /// has a photo (`photos/{id}.jpg`, the same small colour JPEG for all) and a thumbnail of its own
    /// (`thumbs/{id}.jpg`, a grey one), so results carry thumbnails and pages their picture.
    public static func sampleCatalog() throws -> Catalog {
        let recipes = sampleRecipes.map { recipe in
            var recipe = recipe
            recipe.photo = "photos/\(recipe.id).jpg"
            recipe.thumb = "thumbs/\(recipe.id).jpg"
            return recipe
        }
        var files: [String: [UInt8]] = [:]
        for recipe in recipes {
            files["photos/\(recipe.id).jpg"] = Array(PictureFixtures.baselineJPEG)
            files["thumbs/\(recipe.id).jpg"] = Array(PictureFixtures.grayJPEG)
        }
        return try Catalog(recipes: recipes, photoFiles: files, source: "sample")
    }

    /// `count` made-up recipes (`recipe-1` ...) whose ingredients rotate through a small pool, for tests
    /// that need many pages. Every recipe has `salt`; every second `garlic`; every third `onions`; all
    /// share one photo.
    public static func generatedCatalog(count: Int) throws -> Catalog {
        let extras = ["eggs", "butter", "milk", "tomatoes", "chicken", "rice", "black pepper", "olive oil",
                      "cheddar cheese", "lemons", "parsley", "flour", "sugar"]
        let cuisines = ["French", "Italian", "Thai", "Mexican", "Indian", "Japanese", "Greek"]
        let recipes = (0..<max(count, 0)).map { index in
            let number = index + 1
            var ingredients = ["salt"]
            if number % 2 == 0 { ingredients.append("garlic") }
            if number % 3 == 0 { ingredients.append("onions") }
            for extra in [extras[number % extras.count], extras[(number * 7 + 3) % extras.count]]
            where !ingredients.contains(extra) {
                ingredients.append(extra)
            }
            var recipe = CatalogRecipe(
                id: "recipe-\(number)",
                title: "Test Dish \(number)",
                cuisine: cuisines[number % cuisines.count],
                ingredients: ingredients,
                method: "Combine everything for test dish \(number) and cook it until it is done."
            )
            recipe.photo = "photo.jpg"
            return recipe
        }
        return try Catalog(recipes: recipes, photoFiles: ["photo.jpg": Array(PictureFixtures.baselineJPEG)], source: "generated")
    }

    public static let sampleRecipes: [CatalogRecipe] = [
        recipe("shakshuka", "Shakshuka", "Tunisian", ["eggs", "tomatoes", "onions", "garlic", "red bell peppers", "cumin", "paprika", "olive oil"],
               "Soften onions and peppers in oil, add garlic, spices and tomatoes and simmer until thick. Crack in the eggs and cover until the whites set."),
        recipe("pad-thai", "Pad Thai", "Thai", ["rice noodles", "shrimp", "eggs", "garlic", "fish sauce", "tamarind paste", "peanuts", "bean sprouts"],
               "Soak the noodles, stir-fry garlic and shrimp, push aside to scramble the eggs, then toss everything with the sauce and top with peanuts."),
        recipe("coq-au-vin", "Coq au Vin", "French", ["chicken", "red wine", "bacon", "mushrooms", "onions", "garlic", "butter", "thyme"],
               "Brown bacon and chicken, add onions, garlic and mushrooms, pour in the wine and braise slowly until the chicken is tender."),
        recipe("creme-brulee", "Crème Brûlée", "French", ["heavy cream", "eggs", "sugar", "vanilla"],
               "Whisk yolks and sugar into hot cream, bake in a water bath until just set, chill, then burn a sugar crust on top."),
        recipe("macaroni-and-cheese", "Macaroni & Cheese", "American", ["macaroni", "cheddar cheese", "milk", "butter", "flour", "salt"],
               "Make a roux with butter and flour, whisk in milk, melt in the cheese and fold through the cooked macaroni; bake until bubbling."),
        recipe("chicken-tikka-masala", "Chicken Tikka Masala", "Indian", ["chicken", "yogurt", "garlic", "ginger", "tomatoes", "heavy cream", "garam masala", "onions"],
               "Marinate the chicken in spiced yogurt and grill it, then simmer it in a sauce of onions, garlic, ginger, tomatoes and cream."),
        recipe("guacamole", "Guacamole", "Mexican", ["avocados", "limes", "onions", "cilantro", "salt", "jalapenos"],
               "Mash the avocados with lime juice and salt, then fold in chopped onion, cilantro and jalapeno."),
        recipe("spaghetti-carbonara", "Spaghetti Carbonara", "Italian", ["spaghetti", "eggs", "parmesan cheese", "bacon", "black pepper", "garlic"],
               "Crisp the bacon, toss it with hot spaghetti off the heat, then stir in eggs and cheese so they turn creamy without scrambling."),
        recipe("french-omelet", "French Omelet", "French", ["eggs", "butter", "salt", "chives"],
               "Beat the eggs, cook them in foaming butter while stirring, then roll the soft omelet onto a plate."),
        recipe("spanish-omelette", "Spanish Omelette", "Spanish", ["eggs", "potatoes", "onions", "olive oil", "salt", "garlic"],
               "Gently fry sliced potatoes and onions in oil, mix with beaten eggs and cook slowly, flipping once."),
        recipe("chili-con-carne", "Chili con Carne", "Mexican", ["ground beef", "kidney beans", "tomatoes", "onions", "garlic", "chili powder", "cumin"],
               "Brown the beef with onions and garlic, add spices, tomatoes and beans, and simmer until thick."),
        recipe("moussaka", "Moussaka", "Greek", ["eggplants", "ground lamb", "onions", "garlic", "tomatoes", "milk", "butter", "flour", "parmesan cheese"],
               "Layer fried eggplant with a spiced lamb and tomato sauce, cover with a cheesy white sauce and bake until golden."),
        recipe("risotto-milanese", "Risotto alla Milanese", "Italian", ["arborio rice", "saffron", "onions", "butter", "parmesan cheese", "chicken stock", "white wine"],
               "Toast the rice with onion in butter, add wine, then stock a ladle at a time with saffron; finish with butter and cheese."),
        recipe("fried-rice", "Egg Fried Rice", "Chinese", ["rice", "eggs", "green onions", "garlic", "soy sauce", "vegetable oil", "peas"],
               "Fry garlic, scramble the eggs, add cold cooked rice and peas and toss over high heat with soy sauce and green onions."),
        recipe("pho-bo", "Phở Bò", "Vietnamese", ["rice noodles", "beef", "onions", "ginger", "star anise", "fish sauce", "cilantro"],
               "Simmer a broth with charred onion, ginger and spices, pour it over noodles and thin slices of raw beef."),
        recipe("bibimbap", "Bibimbap", "Korean", ["rice", "beef", "spinach", "carrots", "eggs", "gochujang", "sesame oil", "garlic"],
               "Top rice with seasoned vegetables, garlicky beef and a fried egg; mix with gochujang at the table."),
        recipe("tortilla-soup", "Tortilla Soup", "Mexican", ["chicken", "tomatoes", "onions", "garlic", "corn tortillas", "chicken stock", "limes"],
               "Simmer chicken in a tomato, onion and garlic broth, shred it, and serve over fried tortilla strips with lime."),
        recipe("greek-salad", "Greek Salad", "Greek", ["tomatoes", "cucumbers", "red onions", "feta cheese", "kalamata olives", "olive oil", "oregano"],
               "Cut the vegetables into chunks, add olives and a slab of feta, and dress with olive oil and oregano."),
        recipe("pancakes", "Buttermilk Pancakes", "American", ["flour", "buttermilk", "eggs", "butter", "sugar", "baking powder", "salt"],
               "Whisk the wet and dry ingredients together just until combined and cook ladlefuls on a hot buttered griddle."),
        recipe("gazpacho", "Gazpacho", "Spanish", ["tomatoes", "cucumbers", "red bell peppers", "garlic", "olive oil", "sherry vinegar", "bread"],
               "Blend ripe tomatoes with cucumber, pepper, garlic, soaked bread, oil and vinegar, then chill well."),
        recipe("beef-bourguignon", "Beef Bourguignon", "French", ["beef", "red wine", "bacon", "carrots", "onions", "garlic", "mushrooms", "butter"],
               "Brown beef and bacon, add vegetables and wine, and braise for hours; finish with butter-fried mushrooms."),
        recipe("palak-paneer", "Palak Paneer", "Indian", ["spinach", "paneer", "onions", "garlic", "ginger", "tomatoes", "heavy cream"],
               "Cook spinach down with onion, garlic, ginger and tomato, blend it smooth and warm the paneer cubes in it."),
        recipe("chicken-adobo", "Chicken Adobo", "Filipino", ["chicken", "soy sauce", "vinegar", "garlic", "bay leaves", "black pepper"],
               "Simmer chicken in soy sauce, vinegar, garlic and bay leaves until tender, then reduce the sauce to a glaze."),
        recipe("quiche-lorraine", "Quiche Lorraine", "French", ["pie crust", "bacon", "eggs", "heavy cream", "gruyere cheese", "onions"],
               "Scatter bacon and cheese in a blind-baked crust, pour over eggs beaten with cream and bake until just set."),
        recipe("tom-yum", "Tom Yum Soup", "Thai", ["shrimp", "lemongrass", "limes", "fish sauce", "chilies", "mushrooms", "garlic"],
               "Simmer lemongrass, chilies and garlic in stock, add mushrooms and shrimp, and season with lime and fish sauce."),
        recipe("cheese-souffle", "Cheese Soufflé", "French", ["eggs", "milk", "butter", "flour", "gruyere cheese", "mustard"],
               "Make a thick cheese sauce, fold in stiffly beaten whites and bake at once until tall and golden."),
        recipe("jambalaya", "Jambalaya", "American", ["rice", "chicken", "andouille sausage", "onions", "celery", "bell peppers", "garlic", "tomatoes"],
               "Brown sausage and chicken, soften the vegetables, then cook the rice in the tomato broth with everything else."),
        recipe("chicken-biryani", "Chicken Biryani", "Indian", ["basmati rice", "chicken", "yogurt", "onions", "garlic", "ginger", "garam masala"],
               "Layer par-cooked rice over spiced, yogurt-marinated chicken and fried onions and steam it sealed until done."),
        recipe("potato-gratin", "Gratin Dauphinois", "French", ["potatoes", "milk", "heavy cream", "garlic", "butter", "nutmeg"],
               "Layer thin potato slices in a buttered, garlic-rubbed dish, cover with hot milk and cream and bake slowly."),
        recipe("hummus", "Hummus", "Lebanese", ["chickpeas", "tahini", "lemons", "garlic", "olive oil", "salt"],
               "Blend soft chickpeas with tahini, lemon juice and garlic until very smooth; serve with a pool of olive oil."),
        recipe("miso-soup", "Miso Soup", "Japanese", ["dashi", "miso", "tofu", "wakame", "green onions"],
               "Warm the dashi, dissolve the miso in it without boiling, and add tofu, wakame and green onions."),
        recipe("caprese-salad", "Caprese Salad", "Italian", ["tomatoes", "mozzarella cheese", "basil", "olive oil", "salt"],
               "Alternate slices of tomato and mozzarella with basil leaves and dress with olive oil and salt."),
        recipe("garlic-butter-shrimp", "Garlic Butter Shrimp", "American", ["shrimp", "butter", "garlic", "lemons", "parsley"],
               "Sear shrimp in butter, add lots of garlic, then lemon juice and parsley, and serve straight from the pan."),
        recipe("general-tsos-chicken", "General Tso's Chicken", "Chinese", ["chicken", "cornstarch", "soy sauce", "garlic", "ginger", "chilies", "sugar"],
               "Fry cornstarch-coated chicken until crisp and toss it in a sweet, spicy sauce with garlic and ginger."),
        recipe("eggs-benedict", "Eggs Benedict", "American", ["eggs", "english muffins", "ham", "butter", "lemons"],
               "Top toasted muffins with ham and poached eggs and spoon over a lemony butter hollandaise."),
        recipe("aglio-e-olio", "Spaghetti Aglio e Olio", "Italian", ["spaghetti", "garlic", "olive oil", "chilies", "parsley"],
               "Gently fry sliced garlic and chili in olive oil and toss with spaghetti, a little pasta water and parsley."),
    ]

    private static func recipe(
        _ id: String, _ title: String, _ cuisine: String, _ ingredients: [String], _ method: String
    ) -> CatalogRecipe {
        CatalogRecipe(id: id, title: title, cuisine: cuisine, ingredients: ingredients, method: method)
    }
}
