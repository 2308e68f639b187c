import Entity

/// The words pages use to title a recipe's parts, in the languages RecipeBook meets.
enum SectionWords {
    enum Kind {
        case ingredients
        case instructions
        /// Parts that end a method: notes, tips, nutrition, comments.
        case other
    }

    /// Folded (lower-case letters and digits only) titles.
    private static let ingredients: [String] = [
        "ingredients", "ingredient", "ingredientlist", "whatyouneed", "whatyoullneed", "youwillneed", "youllneed",
        "shoppinglist", "zutaten", "zutatenliste", "ingrédients", "ingredienten", "ingrediënten", "benodigdheden",
        "ingredienser", "ingredienserne", "ingredienset", "hozzávalók", "składniki", "ingredientes", "ingredienti",
        "材料", "食材", "suroviny", "prísady", "ainekset", "ainesosat", "malzemeler", "ингредиенты", "інгредієнти",
        "sastojci", "sestavine", "ingrediente", "συστατικά", "재료", "配料", "用料", "recipeingredients", "ingredientsyoullneed", "ingrediëntenlijst", "ingredientenlijst", "listadeingredientes",
        "watjenodighebt", "wathebjenodig", "dubrauchst", "dasbrauchstdu", "ilvousfaut", "cequilvousfaut", "loquenecesitas",
    ]

    private static let instructions: [String] = [
        "instructions", "instruction", "directions", "direction", "method", "methods", "preparation", "steps", "step",
        "howtomake", "howtomakeit", "howtoprepare", "procedure", "zubereitung", "zubereitungsschritte", "anleitung",
        "sogehts", "préparation", "étapes", "recette", "instructies", "bereiding", "bereiden", "bereidingswijze", "werkwijze",
        "aandeslag", "fremgangsmåde", "fremgangsmåte", "slikgjørdu", "tillagning", "görsåhär", "såhärgördu", "sådangørdu",
        "sådangørdudet", "slikgjørdudet", "zogajeaandeslag", "zomaakjehet", "sogehtes", "sogeht", "commentfaire",
        "instruktioner", "gørsådan", "elkészítés", "elkészítése", "przygotowanie", "sposóbprzygotowania", "preparación",
        "elaboración", "modopreparo", "mododepreparo", "mododepreparação", "preparação", "preparo", "procedimento", "procedimiento",
        "preparazione", "作り方", "つくり方", "手順", "做法", "步骤", "postup", "príprava", "valmistus", "ohjeet",
        "hazırlanışı", "yapılışı", "приготовление", "способприготовления", "приготування", "priprema", "postopek",
        "εκτέλεση", "만드는법", "조리방법", "cookinginstructions", "cookingdirections", "cookingmethod", "recipeinstructions",
        "recipedirections", "recipemethod", "preparationmethod", "methodofpreparation", "stepbystep", "stepbystepinstructions",
        "pasoapaso", "passoapasso", "passoapassos", "schrittfürschritt", "stapvoorstap", "étapeparétape", "stegförsteg", "krokpokroku",
        // A call to begin that titles the method ("Get started", "Let's get cooking").
        "getstarted", "letsgetstarted", "letsgetcooking", "letscook", "letsbegin", "letsstart", "losgehts",
        // What the reader does, said to them ("What you'll do", "Wat je gaat doen").
        "whatyoulldo", "whattodo", "watjegaatdoen", "sogehtsweiter",
    ]

    private static let others: [String] = [
        "notes", "note", "recipenotes", "tips", "tip", "tipp", "astuce", "consejo", "consiglio",
        "nutrition", "nutritionfacts", "nutritioninformation", "comments",
        "reviews", "equipment", "video", "share", "notizen", "tipps", "hinweise", "astuces", "conseils", "remarques",
        "opmerkingen", "tips", "vinkit", "megjegyzés", "uwagi", "uwaga", "notas", "consejos", "note", "consigli",
        "leaveareply", "leaveacomment", "readerinteractions", "relatedrecipes", "youmayalsolike", "youmightalsolike",
        "morerecipes", "relatedposts", "similarrecipes", "tags", "categories", "voedingswaarde", "voedingswaarden",
        "nährwerte", "nährwertangaben", "näringsvärde", "näringsvärden", "næringsinnhold", "næringsindhold", "valeursnutritionnelles",
        "valorinutrizionali", "informaciónnutricional", "valoresnutricionales", "informaçãonutricional", "wartościodżywcze", "tápérték",
        "equipment", "utensils", "materials", "tools", "ausstattung", "utensilien", "ustensiles", "matériel", "hilfsmittel",
    ]

    /// Folded openings of a title that says how the dish is made ("Cómo hacer la tortilla").
    private static let howToPrefixes = [
        "hoemaakje", "cómohacer", "cómopreparar", "comohacer", "comopreparar", "commentpréparer", "commentfaire", "comepreparare",
    ]

    private static let ingredientSet = Set(ingredients)
    private static let instructionSet = Set(instructions)
    private static let otherSet = Set(others)

    /// What a line titles when it is nothing but a section's title ("Ingredients", "Zutaten:").
    static func title(of line: String) -> Kind? {
        guard line.utf8.count <= 120 else { return nil }
        let folded = Folding.fold(line)
        if ingredientSet.contains(folded) { return .ingredients }
        if instructionSet.contains(folded) { return .instructions }
        if otherSet.contains(folded) { return .other }
        return nil
    }

    /// What a short line titles, if it is a section title: the word alone, or followed by a little
    /// more ("Ingredients for 4 people", "Zutaten:", "Zubereitung (30 Minuten)").
    static func kind(of line: String) -> Kind? {
        let clean = Folding.clean(line, maxLength: 120)
        guard !clean.isEmpty, clean.count <= 100 else { return nil }
        let folded = Folding.fold(clean)
        if ingredientSet.contains(folded) { return .ingredients }
        if instructionSet.contains(folded) { return .instructions }
        if otherSet.contains(folded) { return .other }
        if folded.hasPrefix("howtomake") || folded.hasPrefix("sowirds") { return .instructions }
        // "Hoe maak je …", "Cómo hacer …", "Comment préparer …": the same in other languages.
        if howToPrefixes.contains(where: { folded.hasPrefix($0) })
            || (folded.hasPrefix("hoe") && (folded.hasSuffix("tebereiden") || folded.hasSuffix("temaken"))) {
            return .instructions
        }
        // The first few words, then a short tail ("Zutaten für 4 Personen", "Aan de slag met de schotel!").
        guard clean.count <= 60 else { return nil }
        let allWords = clean.lowercased().split { !$0.isLetter }
        let words = allWords.prefix(4)
        var prefix = ""
        var found: Kind?
        for word in words {
            prefix += Folding.fold(String(word))
            if ingredientSet.contains(prefix) { found = .ingredients }
            if instructionSet.contains(prefix), prefix != "step" { found = .instructions }
        }
        // What else "you'll need" ("Kitchen stuff you'll need", "Equipment you will need") is the tools.
        if found == nil, folded.hasSuffix("youllneed") || folded.hasSuffix("youwillneed") { return .other }
        // A dish's name before the word ("Watermelon Wine Ingredients", "Banana Wine Method").
        // (Not a step's title: "Step 1: Prep your ingredients".)
        if found == nil, (2...6).contains(allWords.count), let word = allWords.last, !clean.contains(where: { $0.isNumber || $0 == ":" }) {
            let last = Folding.fold(String(word))
            if ingredientSet.contains(last) { return .ingredients }
            if instructionSet.contains(last), last != "step", last != "steps" { return .instructions }
        }
        return found
    }

    /// Words that open a heading of a part after the recipe, before it says more ("Tips from our
    /// kitchen", "Notes on storing it").
    private static let otherOpenings: Set<String> = [
        "notes", "tips", "nutrition", "comments", "reviews", "equipment", "utensils", "notizen", "tipps", "hinweise",
        "nährwerte", "nährwertangaben", "astuces", "conseils", "remarques", "opmerkingen", "voedingswaarde", "voedingswaarden",
        "consejos", "consigli", "notas", "uwagi", "vinkit", "näringsvärde", "næringsindhold", "næringsinnhold", "hilfsmittel",
    ]

    /// Whether a heading opens a part after the recipe: one of those words first, a few more after it
    /// and no sentence.
    static func opensOtherPart(_ heading: String) -> Bool {
        let clean = Folding.clean(heading, maxLength: 120)
        guard clean.count <= 60, !clean.hasSuffix("."),
              let first = clean.lowercased().split(whereSeparator: { !$0.isLetter }).first else { return false }
        return otherOpenings.contains(Folding.fold(String(first)))
    }

    /// Titles that may head the method when nothing names it better ("Recipe", "Recept: zelf maken").
    private static let weakInstructions: Set<String> = ["recipe", "recept", "rezept", "recette", "receta", "ricetta", "receita", "opskrift", "oppskrift", "przepis"]

    static func mayTitleMethod(_ line: String) -> Bool {
        let clean = Folding.clean(line, maxLength: 120)
        guard !clean.isEmpty, clean.count <= 60, let first = clean.lowercased().split(whereSeparator: { !$0.isLetter }).first else { return false }
        return weakInstructions.contains(String(first))
    }

    /// Whether a heading only names a part of the recipe ("Ingredients", "Instructions").
    static func isSectionTitle(_ line: String) -> Bool {
        kind(of: line) != nil
    }
}
