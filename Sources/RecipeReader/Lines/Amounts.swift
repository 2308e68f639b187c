/// How ingredient lines are told from other lines: they give an amount, a number or fraction
/// (`2`, `½`, `1/2`, `1,5`) or a unit (`cup`, `EL`, `g`, `pinch`, `大さじ`), at their start or, in the
/// languages that write it after the name, at their end (`Panna 150 ml`, `コンソメ 小さじ1/3`).
enum Amounts {
    /// Unit words in the languages RecipeBook meets, lower-case.
    private static let units: Set<String> = [
        // English
        "cup", "cups", "c", "tbsp", "tbs", "tbl", "tablespoon", "tablespoons", "tsp", "teaspoon", "teaspoons", "g", "gr", "gram",
        "grams", "kg", "mg", "ml", "l", "litre", "liter", "litres", "liters", "dl", "cl", "oz", "ounce", "ounces", "lb", "lbs",
        "pound", "pounds", "pinch", "dash", "clove", "cloves", "can", "cans", "bunch", "handful", "slice", "slices", "piece",
        "pieces", "stick", "sticks", "sprig", "sprigs", "pint", "quart", "package", "packet", "jar", "knob", "large", "medium", "small",
        "one", "two", "three", "half",
        // German, Dutch, Scandinavian
        "el", "tl", "msp", "prise", "bund", "zehe", "zehen", "stück", "stk", "pck", "päckchen", "becher", "dose", "scheiben",
        "eetlepel", "theelepel", "snufje", "teentje", "teentjes", "blik", "msk", "tsk", "krm", "ss", "ts", "spsk", "tsk", "knivspids",
        "fed", "dåse", "stk.",
        // French, Italian, Spanish, Portuguese
        "cuillère", "cuillères", "càs", "càc", "pincée", "gousse", "gousses", "sachet", "boîte", "tranche", "tranches",
        "cucchiaio", "cucchiai", "cucchiaino", "cucchiaini", "pizzico", "spicchio", "spicchi", "bicchiere", "taza", "tazas",
        "cucharada", "cucharadas", "cucharadita", "cucharaditas", "pizca", "diente", "dientes", "xícara", "xícaras", "colher",
        "colheres", "pitada", "dente", "dentes",
        // Polish, Hungarian, Czech, Turkish, Russian
        "łyżka", "łyżki", "łyżeczka", "łyżeczki", "szklanka", "szklanki", "szczypta", "ząbek", "ząbki", "evőkanál", "teáskanál",
        "kávéskanál", "csipet", "gerezd", "db", "lžíce", "lžička", "špetka", "yemek", "çay", "su", "bardağı", "tutam", "diş",
        "ложка", "ложки", "стакан", "щепотка", "зубчик",
        // Japanese, Chinese, Korean
        "大さじ", "小さじ", "少々", "適量", "カップ", "個", "本", "枚", "片", "克", "勺", "적당량", "큰술", "작은술",
    ]

    /// Whether a word is a unit (`g`, `EL`, `cups`).
    static func isUnit(_ word: String) -> Bool {
        units.contains(word.lowercased())
    }

    /// Whether a line starts with an amount or a unit (a bullet the page typed left aside).
    static func startsWithAmount(_ line: String) -> Bool {
        let text = StepLines.withoutBullet(line.trimmingCharacters(in: .whitespaces))
        guard let first = text.unicodeScalars.first else { return false }
        if isNumeric(first) { return true }
        let word = text.prefix(16).lowercased().prefix { $0.isLetter || $0 == "." }
        let bare = word.hasSuffix(".") ? String(word.dropLast()) : String(word)
        guard units.contains(bare) else { return false }
        // A unit word is an amount only with more after it (`pinch of salt`, not `Large`).
        return text.count > word.count + 1
    }

    /// Whether a line gives an amount: at its start, or at its end for languages that write it last.
    static func hasAmount(_ line: String) -> Bool {
        if startsWithAmount(line) { return true }
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.count <= 60, !text.hasSuffix(".") else { return false }
        // The last word or two: `150 ml`, `小さじ1/3`, `2 db`, `適量`.
        let tail = text.split(whereSeparator: \.isWhitespace).suffix(2)
        return tail.contains { word in
            word.unicodeScalars.contains(where: isNumeric) || units.contains(word.lowercased()) && !["one", "su"].contains(word.lowercased())
        }
    }

    private static func isNumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || (scalar.value >= 0xBC && scalar.value <= 0xBE) || (0x2150...0x215E).contains(scalar.value)
            || (0xFF10...0xFF19).contains(scalar.value)
    }
}
