import Entity

/// Lines a page's markup carries around a recipe that are not its text: the page's controls (print,
/// share, save, subscribe, PDF, the shopping list), its facts set out as labels ("Prep time: 10 min",
/// "Niveau: einfach", "Serves 4"), a part's own title, a number alone (a servings counter). Only for
/// lines read from the page's markup; structured data's text is kept as it is.
enum PageLabels {
    /// Words (folded) that make a short line one of the page's controls, in the languages RecipeBook meets.
    private static let controlPhrases: [String] = [
        "print", "printrecipe", "share", "pinit", "pinthis", "pinrecipe", "saverecipe", "savetofavorites", "addtofavorites",
        "subscribe", "newsletter", "downloadpdf", "pdf", "shoppinglist", "grocerylist", "addtoshoppinglist", "addtogrocerylist",
        "jumptorecipe", "jumptoinstructions", "rateforthisrecipe", "ratethisrecipe", "leaveareview", "followus", "affiliatelink",
        "drucken", "rezeptdrucken", "teilen", "merken", "einkaufsliste", "aufdieeinkaufsliste", "boodschappenbestellen",
        "boodschappenlijst", "opslaan", "printen", "delen", "volgons", "imprimer", "partager", "enregistrer", "listedecourses",
        "stampa", "condividi", "salva", "listadellaspesa", "salvanellalistadellaspesa", "imprimir", "compartir", "guardar",
        "listadelacompra", "skrivut", "dela", "spara", "inköpslista", "handleliste", "indkøbsliste", "udskriv", "gem", "drukuj",
        "udostępnij", "zapisz", "listazakupów", "nyomtatás", "megosztás", "mentés", "bevásárlólista", "postviews", "email",
        "emailrecipe", "emailthisrecipe", "sendbyemail", "peremailversenden", "peremail", "scaleto", "scale",
        "addtofavourites", "savetofavourites", "printshoppinglist", "showimages", "hideimages", "rezeptbewerten",
        "ohodnotiťrecept", "ohodnotitrecept",
        // A step's box to tick as one cooks.
        "markascomplete", "markasdone", "markcomplete",
        "oceńprzepis", "beoordeelditrecept", "notezcetterecette", "valutaquestaricetta", "valoraestareceta",
        // An advertisement's label, or the link past it.
        "advertisement", "publicité", "passerlapublicité", "anzeige", "werbung", "pubblicità", "publicidad", "advertentie",
    ]

    /// The choices of a switch between systems of units ("US" / "Metric"), folded: said alone, a control.
    private static let unitSystems: Set<String> = [
        "us", "metric", "imperial", "uscustomary", "usmetric", "metricus", "usstandard", "usmeasurements", "metricmeasurements",
        "metrisch", "métrique", "métrico", "metrico",
    ]

    /// Words (folded) of a row of sharing buttons ("Love 517 Share Tweet Pin"): a short line of nothing
    /// else, numbers aside, is the row.
    private static let buttonWords: Set<String> = [
        "share", "tweet", "pin", "pinit", "print", "email", "mail", "save", "like", "love", "facebook", "twitter", "pinterest",
        "whatsapp", "messenger", "flipboard", "reddit", "linkedin", "telegram", "sms", "copy", "link", "copylink", "yummly",
        "partager", "imprimer", "teilen", "drucken", "merken", "delen", "condividi", "stampa", "compartir", "imprimir", "dela",
    ]

    /// Whether a short line is only the page's sharing buttons, with their counts ("Share Tweet Pin",
    /// "Love 517 Share"): two words or more, each a button's name or a number.
    static func isButtonRow(_ clean: String) -> Bool {
        guard clean.utf8.count <= 160 else { return false }
        // (Most lines fail on their first word: that is looked at before the line is split.)
        let first = clean.prefix { !$0.isWhitespace && $0 != "|" && $0 != "·" }
        guard first.utf8.count <= 18, first.allSatisfy(\.isNumber) || isButtonWord(first) else { return false }
        let words = clean.split(whereSeparator: { $0.isWhitespace || $0 == "|" || $0 == "·" })
        guard words.count >= 2, words.count <= 10 else { return false }
        var named = 0
        for word in words {
            if word.allSatisfy(\.isNumber) { continue }
            guard isButtonWord(word) else { return false }
            named += 1
        }
        return named >= 2
    }

    /// A button's name, or a button's name with its count run on ("Love517", "Share12").
    private static func isButtonWord(_ word: Substring) -> Bool {
        if buttonWords.contains(Folding.fold(String(word))) { return true }
        let name = word.prefix { !$0.isNumber }
        return name.count < word.count && word[name.endIndex...].allSatisfy(\.isNumber) && buttonWords.contains(Folding.fold(String(name)))
    }

    /// Labels (folded) that credit someone for a page's picture or text ("Photo: Ann Smith", "Autorin: …").
    private static let creditLabels: Set<String> = [
        "photo", "photos", "photography", "photographer", "photocredit", "photocredits", "imagecredit", "credit", "credits",
        "foto", "fotos", "fotó", "fotók", "fotograf", "fotografie", "bild", "bilder", "kuva", "zdjęcie", "zdjęcia",
        "author", "autor", "autorin", "auteur", "autore", "autora", "szerző", "redaktion", "redaction", "rédaction",
        "redactie", "redazione", "styling", "foodstyling", "recipeby", "recipe", "rezept", "recette", "recept", "ricetta", "receta",
        "source", "kilde", "källa", "quelle", "bron", "fonte", "fuente", "źródło", "forrás", "lähde",
    ]

    /// The words that open a byline, lower case.
    private static let bylineWords: Set<String> = ["by", "von", "par", "door", "di", "por", "af", "av"]

    /// Whether a short line credits someone rather than telling the recipe: a credit's label and a name
    /// ("Autorin: Ann Smith"), or a caption ending in one ("Lemon tart (Photo: Ann Smith)").
    static func isCredit(_ line: String) -> Bool {
        if isCopyright(line) { return true }
        // A byline: "by Neil", "Von Anna Maier".
        if line.utf8.count <= 60, let space = line.firstIndex(of: " "), line.distance(from: line.startIndex, to: space) <= 4,
           bylineWords.contains(line[..<space].lowercased()) {
            let words = line.split(whereSeparator: \.isWhitespace)
            if (2...4).contains(words.count),
               words.dropFirst().allSatisfy({ $0.first?.isUppercase == true && $0.allSatisfy { $0.isLetter || $0 == "-" || $0 == "." } }) {
                return true
            }
        }
        guard line.utf8.count <= 160, let colon = line.firstIndex(where: { $0 == ":" }) else { return false }
        let before = line[..<colon]
        let label: Substring
        if let open = before.lastIndex(of: "(") {
            // A caption: the credit in brackets closes the line.
            guard line.hasSuffix(")") else { return false }
            label = before[before.index(after: open)...]
        } else if let dash = before.lastIndex(where: { $0 == "–" || $0 == "—" || $0 == "|" }) {
            // A caption, the credit after a dash: "Lemon tart – Photo: Ann Smith".
            label = before[before.index(after: dash)...].drop { $0.isWhitespace }
        } else {
            label = before
        }
        guard label.count <= 24, creditLabels.contains(Folding.fold(String(label))) else { return false }
        let name = line[line.index(after: colon)...].drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace || $0 == ")" }.reversed()
        return !name.isEmpty && name.count <= 60 && name.first?.isUppercase == true && !name.contains(where: \.isNumber)
    }

    /// Whether a short line claims the rights to the text ("Copyright 2014, Soups for Every Day by Ann Smith",
    /// "© 2020 Ann Smith"): a year after the claim.
    static func isCopyright(_ line: String) -> Bool {
        guard line.utf8.count <= 200 else { return false }
        let clean = Folding.clean(line, maxLength: 200)
        let claim: Substring
        if clean.hasPrefix("©") {
            claim = clean.dropFirst()
        } else if clean.lowercased().hasPrefix("copyright") {
            claim = clean.dropFirst("copyright".count)
        } else {
            return false
        }
        let year = claim.drop { $0 == " " || $0 == "©" || $0 == "(" || $0 == "c" || $0 == ")" }.prefix(4)
        return year.count == 4 && year.allSatisfy(\.isNumber)
    }

    /// File types a page offers its recipe in for download.
    private static let fileTypes: Set<String> = ["pdf", "doc", "docx", "epub", "rtf", "odt"]

    /// Whether a line is a link to download a file, named by its type and size ("Rezept: Tarte [PDF,
    /// 498,8 KB] | download"), not recipe text.
    static func namesDownload(_ clean: String) -> Bool {
        guard clean.utf8.count <= 400, mentionsFileSize(clean) else { return false }
        let words = clean.lowercased().split { !$0.isLetter && !$0.isNumber }
        guard words.contains(where: { fileTypes.contains(String($0)) }) else { return false }
        return words.indices.dropFirst().contains { index in
            ["kb", "mb"].contains(words[index]) && words[index - 1].allSatisfy(\.isNumber)
        }
    }

    /// Whether `KB` or `MB` (any case) follows a digit or a space: a quick look before the words are read.
    private static func mentionsFileSize(_ text: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte | 0x20 == UInt8(ascii: "b"), previous | 0x20 == UInt8(ascii: "k") || previous | 0x20 == UInt8(ascii: "m"),
               beforePrevious == UInt8(ascii: " ") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(beforePrevious) {
                return true
            }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// Labels (folded) that open a line stating a fact about the recipe rather than part of it.
    private static let factLabels: [String] = [
        "preptime", "preparationtime", "cooktime", "cookingtime", "totaltime", "readyin", "resttime", "difficulty", "level",
        "calories", "servings", "serves", "yield", "course", "cuisine", "category", "recipetype", "keywords", "tags", "tagi", "author", "kcal",
        "zubereitungszeit", "arbeitszeit", "kochzeit", "backzeit", "ruhezeit", "wartezeit", "gesamtzeit", "schwierigkeit", "niveau",
        "portionen", "kalorien", "bereidingstijd", "kooktijd", "moeilijkheid", "moeilijkheidsgraad", "porties", "personen",
        "tempsdepréparation", "tempsdecuisson", "difficulté", "portions", "tempodipreparazione", "tempodicottura", "difficoltà",
        "porzioni", "tiempodepreparación", "tiempodecocción", "dificultad", "porciones", "raciones", "tempodepreparo",
        "rendimento", "porções", "tillagningstid", "portioner", "tilberedningstid", "porsjoner", "czasprzygotowania", "porcje",
        "elkészítésiidő", "adag", "nehézség", "hazırlamasüresi", "pişirmesüresi", "kişilik",
        // A table of weights closes with their sum.
        "totalweight", "gesamtgewicht", "poidstotal", "totaalgewicht",
    ]

    /// Labels (folded) of a list of the words a page is found by.
    private static let listLabels: Set<String> = ["keywords", "tags", "tagi", "schlagwörter", "schlagworte", "trefwoorden", "motsclés", "etiquetas"]

    /// Short words that label a time ("Prep 10 min", "Cook: 1 hour"), folded.
    private static let timeWords: Set<String> = [
        "prep", "cook", "bake", "rest", "chill", "total", "active", "inactive", "cooking", "baking", "resting", "marinate",
        "zubereitung", "backen", "kochen", "ruhen", "bereiding", "oven", "préparation", "cuisson", "repos", "preparazione",
        "cottura", "preparación", "cocción", "preparo", "cozimento", "förberedelse", "tillagning",
    ]

    /// Nutrients, folded, whose amounts are a nutrition table's and not an ingredient's (not sugar or
    /// fat, which a recipe may call for).
    private static let nutrients: Set<String> = [
        "protein", "proteins", "carbohydrates", "carbs", "carbohydrate", "fiber", "fibre", "sodium", "cholesterol", "eiweiß",
        "eiweiss", "kohlenhydrate", "ballaststoffe", "eiwit", "eiwitten", "koolhydraten", "vezels", "protéines", "lipides",
        "glucides", "proteine", "carboidrati", "proteínas", "carbohidratos", "kolhydrater", "kulhydrater", "białko", "węglowodany",
        "fehérje", "szénhidrát",
    ]

    /// Whether text is only the label of a fact ("Prep time", "Portionen").
    static func isFactLabel(_ text: String) -> Bool {
        text.utf8.count <= 60 && factLabels.contains(Folding.fold(text))
    }

    /// Words (lower case) that count servings, and the little words between them and their number.
    private static let servingWords: Set<String> = [
        "portion", "portions", "portionen", "porción", "porciones", "porção", "porções", "porzione", "porzioni", "dose", "doses",
        "dosi", "persona", "personas", "persone", "pessoa", "pessoas", "person", "persons", "personer", "personen", "people",
        "serving", "servings",
    ]
    private static let countWords: Set<String> = ["per", "für", "for", "pour", "para"]

    /// A count of servings set out as a label ("6 Portion/en", "8 dosi per persone"): a number and
    /// words for servings, a plural marked after a slash.
    static func isServingsCount(_ clean: String) -> Bool {
        let words = clean.lowercased().split(whereSeparator: \.isWhitespace)
        guard words.count <= 5, words.contains(where: { $0.allSatisfy(\.isNumber) }) else { return false }
        var sawServing = false
        for word in words {
            let stem = word.split(separator: "/").first ?? word
            if stem.allSatisfy(\.isNumber) || countWords.contains(String(stem)) { continue }
            guard servingWords.contains(String(stem)) else { return false }
            sawServing = true
        }
        return sawServing
    }

    /// Whether a short line is one of the page's controls ("Print", "Subscribe or log in to save recipes",
    /// "Share Tweet Pin"), not a label of the recipe.
    static func isControl(_ line: String) -> Bool {
        guard line.utf8.count <= 800 else { return false }
        let clean = Folding.clean(line, maxLength: 200)
        let folded = Folding.fold(clean)
        guard !folded.isEmpty, clean.count <= 60 else { return false }
        if clean.count <= 40, controlPhrases.contains(folded) { return true }
        return controlPhrases.contains(where: { $0.count >= 6 && folded.hasPrefix($0) }) || isButtonRow(clean)
    }

    /// Whether a line read from a page's markup is one of its labels or controls, not recipe text.
    static func isNotRecipeText(_ line: String) -> Bool {
        guard line.utf8.count <= 800 else { return false }
        let clean = Folding.clean(line, maxLength: 200)
        let length = clean.count
        if namesDownload(clean) { return true }
        // "Keywords: sourdough, cinnamon rolls, …": the words the page is found by, however many.
        if let colon = clean.utf8.prefix(32).firstIndex(of: UInt8(ascii: ":")), listLabels.contains(Folding.fold(String(clean[..<colon]))) { return true }
        guard length <= 80 else { return false }
        let folded = Folding.fold(clean)
        if folded.isEmpty { return true }
        let hasDigit = clean.contains(where: \.isNumber)
        // A number alone: a servings counter or a step's number set apart.
        if hasDigit, length <= 4, folded.allSatisfy({ $0.isNumber }) { return true }
        // A label's value whose label is an icon (": unter 30 Minuten").
        if clean.hasPrefix(":") { return true }
        if SectionWords.title(of: clean) != nil { return true }
        if length <= 40, controlPhrases.contains(folded) || unitSystems.contains(folded) { return true }
        if length <= 60, controlPhrases.contains(where: { $0.count >= 6 && folded.hasPrefix($0) }) { return true }
        if isButtonRow(clean) { return true }
        // A fact's label alone ("Portionen"), or a unit alone (a table's column, "KG").
        // A word for servings alone ("personer"): a servings counter whose number is a field to fill in.
        if !clean.contains(" "), factLabels.contains(folded) || Amounts.isUnit(clean) || servingWords.contains(clean.lowercased()) { return true }
        // "Prep Time: 10 min", "Niveau: ganz einfach": a fact's label and its value.
        if let colon = clean.firstIndex(of: ":"), factLabels.contains(Folding.fold(String(clean[..<colon]))) { return true }
        guard hasDigit else { return false }
        // The rest are labels of a few words ("Serves 4", "Prep 10 min", "36 g Eiweiß").
        let wordCount = clean.split(whereSeparator: \.isWhitespace).count
        guard wordCount <= 6 else { return false }
        if YieldText.statesServings(clean) || isServingsCount(clean) { return true }
        // "Prep 10 min", "Cook: 1 hour": a time's label and its value.
        let words = clean.split(maxSplits: 1, whereSeparator: { $0.isWhitespace || $0 == ":" })
        if words.count == 2, timeWords.contains(Folding.fold(String(words[0]))), Durations.isPlain(String(words[1])) { return true }
        // "40 mn Cuisson": the value before its label.
        let spaced = clean.split(whereSeparator: \.isWhitespace)
        if spaced.count >= 2, let label = spaced.last, timeWords.contains(Folding.fold(String(label))),
           Durations.isPlain(spaced.dropLast().joined(separator: " ")) {
            return true
        }
        // A nutrient's amount ("36 g Eiweiß", "Protein: 12 g"), a nutrition value ("611 kcal Energie").
        let letters = clean.lowercased().split(whereSeparator: { !$0.isLetter })
        if letters.filter({ $0.count > 2 }).count == 1, let word = letters.first(where: { $0.count > 2 }), nutrients.contains(Folding.fold(String(word))) {
            return true
        }
        if length <= 40, letters.contains(where: { $0 == "kcal" || $0 == "kj" }) { return true }
        // "Zubereitungszeit 25 Min.", or a duration alone.
        if length <= 40, factLabels.contains(where: { folded.hasPrefix($0) }), Durations.minutes(String(clean.drop { !$0.isNumber })) != nil {
            return true
        }
        return Durations.isPlain(clean)
    }
}

extension PageLabels {
    /// The words of a control the page prints after every line or step ("… shopping list", a link on each
    /// line that adds it to a list; "… Mark as complete"), with the space before them: the same few words
    /// ending each of two lines or more, that name a control. Nil when there are none.
    static func trailingControl(of lines: [String]) -> String? {
        guard lines.count >= 2, let first = lines.first else { return nil }
        // (A control's words are few: the end of the line is enough, and its first word, perhaps cut, is never taken.)
        let words = first.suffix(64).split(whereSeparator: \.isWhitespace)
        for count in stride(from: min(4, words.count - 1), through: 1, by: -1) {
            let tail = " " + words.suffix(count).joined(separator: " ")
            if lines.allSatisfy({ $0.hasSuffix(tail) && $0.count > tail.count }), isControl(String(tail.dropFirst())) { return tail }
        }
        return nil
    }

    /// `line` without `tail`, which ends it.
    static func withoutTail(_ tail: String, of line: String) -> String {
        String(line.dropLast(tail.count)).trimmingCharacters(in: .whitespaces)
    }
}
