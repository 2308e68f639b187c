/// A unit an ingredient is measured in, by its canonical singular name (`tablespoon`, `gram`, `pinch`).
///
/// Measures (volume and weight) know their size in millilitres or grams and which system they belong
/// to; the informal units (a pinch, a clove, a can, a bunch, a knob) are counted, not converted.
public struct IngredientUnit: Sendable, Hashable, CustomStringConvertible {
    public enum Measure: Sendable, Hashable {
        /// Millilitres in one.
        case volume(Double)
        /// Grams in one.
        case weight(Double)
        /// Millimetres in one (a "2 cm piece" of ginger).
        case length(Double)
        /// Counted: a pinch, a clove, a can.
        case count
    }

    public enum System: Sendable, Hashable {
        case metric
        /// US customary measures, shared by imperial recipes where the sizes agree (spoons, ounces, pounds).
        case us
        /// Imperial measures that differ from the US ones (the 568 ml pint).
        case imperial
        /// Counted units belong to no system.
        case none
    }

    /// Singular, lower-case, spelled out: `tablespoon`, `fluid ounce`, `milliliter`, `can`.
    public let name: String
    /// Its plural: `tablespoons`, `pinches`, `leaves`.
    public let plural: String
    /// How a cook writes it short, if at all: `tbsp`, `ml`, `oz`.
    public let symbol: String?
    public let measure: Measure
    public let system: System

    init(_ name: String, plural: String? = nil, symbol: String? = nil, _ measure: Measure = .count, _ system: System = .none) {
        self.name = name
        self.plural = plural ?? name + "s"
        self.symbol = symbol
        self.measure = measure
        self.system = system
    }

    public var description: String { name }

    /// Millilitres, grams or millimetres in one; zero for counted units.
    public var size: Double {
        switch measure {
        case .volume(let size), .weight(let size), .length(let size): return size
        case .count: return 0
        }
    }

    /// Whether both are volumes, both weights or both lengths.
    public func sameDimension(as other: IngredientUnit) -> Bool {
        switch (measure, other.measure) {
        case (.volume, .volume), (.weight, .weight), (.length, .length): return true
        default: return false
        }
    }

    /// Whether it is a volume, a weight or a length that converts.
    public var isMeasure: Bool {
        if case .count = measure { return false }
        return true
    }

    /// The unit with this canonical name.
    public static func named(_ name: String) -> IngredientUnit? { IngredientUnits.byName[name] }
}

extension IngredientUnit {
    public static let milliliter = IngredientUnit("milliliter", symbol: "ml", .volume(1), .metric)
    public static let centiliter = IngredientUnit("centiliter", symbol: "cl", .volume(10), .metric)
    public static let deciliter = IngredientUnit("deciliter", symbol: "dl", .volume(100), .metric)
    public static let liter = IngredientUnit("liter", symbol: "l", .volume(1000), .metric)
    public static let milligram = IngredientUnit("milligram", symbol: "mg", .weight(0.001), .metric)
    public static let gram = IngredientUnit("gram", symbol: "g", .weight(1), .metric)
    public static let kilogram = IngredientUnit("kilogram", symbol: "kg", .weight(1000), .metric)
    public static let teaspoon = IngredientUnit("teaspoon", symbol: "tsp", .volume(4.92892), .us)
    public static let dessertspoon = IngredientUnit("dessertspoon", symbol: "dsp", .volume(10), .us)
    public static let tablespoon = IngredientUnit("tablespoon", symbol: "tbsp", .volume(14.7868), .us)
    public static let fluidOunce = IngredientUnit("fluid ounce", symbol: "fl oz", .volume(29.5735), .us)
    public static let cup = IngredientUnit("cup", .volume(236.588), .us)
    public static let pint = IngredientUnit("pint", symbol: "pt", .volume(473.176), .us)
    public static let imperialPint = IngredientUnit("imperial pint", symbol: "pt", .volume(568.261), .imperial)
    public static let quart = IngredientUnit("quart", symbol: "qt", .volume(946.353), .us)
    public static let gallon = IngredientUnit("gallon", symbol: "gal", .volume(3785.41), .us)
    public static let ounce = IngredientUnit("ounce", symbol: "oz", .weight(28.3495), .us)
    public static let pound = IngredientUnit("pound", symbol: "lb", .weight(453.592), .us)
    public static let stone = IngredientUnit("stone", plural: "stone", .weight(6350.29), .imperial)
    public static let millimeter = IngredientUnit("millimeter", symbol: "mm", .length(1), .metric)
    public static let centimeter = IngredientUnit("centimeter", symbol: "cm", .length(10), .metric)
    public static let inch = IngredientUnit("inch", plural: "inches", symbol: "in", .length(25.4), .us)
}

/// The units RecipeBook knows, and every way recipes write them.
enum IngredientUnits {
    static let measures: [IngredientUnit] = [
        .milliliter, .centiliter, .deciliter, .liter, .milligram, .gram, .kilogram, .teaspoon, .dessertspoon,
        .tablespoon, .fluidOunce, .cup, .pint, .imperialPint, .quart, .gallon, .ounce, .pound, .stone, .millimeter,
        .centimeter, .inch,
    ]

    /// Counted units: what a cook takes a number of. Containers first, then the informal amounts.
    static let counted: [IngredientUnit] = [
        IngredientUnit("can"), IngredientUnit("package"), IngredientUnit("jar"), IngredientUnit("bottle"),
        IngredientUnit("bag"), IngredientUnit("box", plural: "boxes"), IngredientUnit("carton"), IngredientUnit("container"),
        IngredientUnit("sachet"), IngredientUnit("envelope"), IngredientUnit("tub"), IngredientUnit("punnet"),
        IngredientUnit("tube"), IngredientUnit("pouch", plural: "pouches"), IngredientUnit("block"), IngredientUnit("bar"),
        IngredientUnit("stick"), IngredientUnit("loaf", plural: "loaves"),
        IngredientUnit("pinch", plural: "pinches"), IngredientUnit("dash", plural: "dashes"), IngredientUnit("drop"),
        IngredientUnit("splash", plural: "splashes"), IngredientUnit("handful"), IngredientUnit("knob"),
        IngredientUnit("dollop"), IngredientUnit("sprinkle"), IngredientUnit("shake"), IngredientUnit("grind"),
        IngredientUnit("twist"), IngredientUnit("squeeze", plural: "squeezes"), IngredientUnit("drizzle"),
        IngredientUnit("glug"), IngredientUnit("shot"), IngredientUnit("jigger"), IngredientUnit("scoop"),
        IngredientUnit("glass", plural: "glasses"), IngredientUnit("mug"),
        IngredientUnit("clove"), IngredientUnit("bunch", plural: "bunches"), IngredientUnit("sprig"),
        IngredientUnit("slice"), IngredientUnit("head"), IngredientUnit("stalk"), IngredientUnit("rib"),
        IngredientUnit("leaf", plural: "leaves"), IngredientUnit("sheet"), IngredientUnit("piece"),
        IngredientUnit("chunk"), IngredientUnit("cube"), IngredientUnit("strip"), IngredientUnit("wedge"),
        IngredientUnit("square"), IngredientUnit("ball"), IngredientUnit("bulb"), IngredientUnit("ear"),
        IngredientUnit("rasher"), IngredientUnit("link"), IngredientUnit("pod"), IngredientUnit("stem"),
        IngredientUnit("spear"), IngredientUnit("sprout"), IngredientUnit("fillet"), IngredientUnit("rack"),
        IngredientUnit("branch", plural: "branches"), IngredientUnit("knuckle"), IngredientUnit("thumb"),
        IngredientUnit("segment"), IngredientUnit("recipe"), IngredientUnit("batch", plural: "batches"),
        IngredientUnit("portion"), IngredientUnit("serving"), IngredientUnit("cutlet"), IngredientUnit("shoot"),
        IngredientUnit("pot"), IngredientUnit("slab"), IngredientUnit("pair"),
    ]

    /// Containers: a number of them, each holding an amount written before them (`2 (14 oz) cans`).
    static let containers: Set<String> = [
        "can", "package", "jar", "bottle", "bag", "box", "carton", "container", "sachet", "envelope", "tub", "punnet",
        "tube", "pouch", "block", "bar", "stick", "loaf", "piece", "glass", "slice", "chunk", "head", "fillet", "pot",
    ]

    /// Counted units that are also common words inside names; they are units only right after an amount.
    static let ambiguous: Set<String> = [
        "bar", "ball", "block", "square", "stick", "head", "ear", "leaf", "glass", "shot", "link", "rack",
        "portion", "serving", "sheet", "strip", "thumb", "recipe", "batch", "fillet", "cube", "sprout", "shake",
        "grind", "twist", "squeeze", "drizzle", "mug", "tube", "pod", "stem", "shoot", "spear", "segment",
        "branch", "knuckle", "rib", "chunk", "wedge", "cutlet", "slice", "piece", "bulb", "loaf", "drop",
    ]

    /// Units written after what they count when a line has no other unit: `2 garlic cloves`, `1 fennel
    /// bulb`, `6 thyme sprigs`.
    static let postposed: Set<String> = ["clove", "stick", "sprig", "slice", "bulb", "stalk"]

    /// Foods bought by the piece whose name ends in a unit word: `2 cinnamon sticks` are two of them.
    static let namesWithUnitWord: Set<String> = ["cinnamon", "vanilla", "bread", "cheese", "pretzel"]

    /// Plural unit words inside names, made singular as units are (`bay leaves` is `bay leaf`, `garlic
    /// cloves` is `garlic clove`) so that names compare whichever way a line counts them.
    static let singularInNames: [String: String] = {
        let units = [
            "leaf", "piece", "slice", "clove", "sprig", "rib", "stick", "cube", "pod", "shoot", "strip", "stem", "wedge",
            "chunk", "ball", "head", "sheet", "square", "segment", "jar", "link", "stalk", "rasher", "drop", "cutlet",
            "twist", "bar", "bulb", "bunch", "can", "tin", "bag", "bottle", "box", "cup", "dash", "ear", "envelope",
            "glass", "handful", "knob", "loaf", "pinch", "punnet", "rack", "sachet", "scoop", "shake", "shot", "slab",
            "tube", "wheel", "packet", "package", "pack", "block", "batch", "branch", "mug", "jigger", "recipe", "pair",
            "dollop", "basket", "bucket", "bundle", "canister", "cluster", "count", "grind", "length", "rectangle", "unit",
        ]
        var table: [String: String] = [:]
        for unit in units {
            let plural = byName[unit]?.plural ?? (unit.hasSuffix("ch") || unit.hasSuffix("sh") || unit.hasSuffix("x") || unit.hasSuffix("ss") ? unit + "es" : unit + "s")
            table[plural] = unit
        }
        table["leaves"] = "leaf"
        table["loaves"] = "loaf"
        return table
    }()

    static let byName: [String: IngredientUnit] = {
        var table: [String: IngredientUnit] = [:]
        for unit in measures + counted { table[unit.name] = unit }
        return table
    }()

    /// Lower-case spellings (singular, plural, abbreviations with and without their full stop removed)
    /// to units. `T` and `t` are told apart before this table is read.
    static let spellings: [String: IngredientUnit] = {
        var table: [String: IngredientUnit] = [:]
        for unit in measures + counted {
            table[unit.name] = unit
            table[unit.plural] = unit
        }
        let aliases: [(IngredientUnit, [String])] = [
            (.milliliter, ["ml", "mls", "millilitre", "millilitres", "milliliters", "milliliter"]),
            (.centiliter, ["cl", "centilitre", "centilitres"]),
            (.deciliter, ["dl", "decilitre", "decilitres"]),
            (.liter, ["l", "litre", "litres", "ltr", "ltrs", "lt"]),
            (.milligram, ["mg", "milligramme", "milligrammes"]),
            (.gram, ["g", "gr", "grm", "grms", "gm", "gms", "gramme", "grammes", "grs"]),
            (.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogramme", "kilogrammes"]),
            (.teaspoon, ["tsp", "tsps", "tspn", "tspns", "teaspoonful", "teaspoonfuls", "tea-spoon"]),
            (.dessertspoon, ["dsp", "dessert-spoon", "dessertspoonful"]),
            (.tablespoon, ["tbsp", "tbsps", "tbs", "tbl", "tbls", "tblsp", "tblspn", "tbspn", "tablespoonful",
                           "tablespoonfuls", "table-spoon"]),
            (.fluidOunce, ["floz", "fl-oz"]),
            (.cup, ["c", "cupful", "cupfuls"]),
            (.pint, ["pt", "pts"]),
            (.quart, ["qt", "qts"]),
            (.gallon, ["gal", "gals"]),
            (.ounce, ["oz", "ozs", "onza"]),
            (.pound, ["lb", "lbs"]),
            (.millimeter, ["mm", "millimetre", "millimetres"]),
            (.centimeter, ["cm", "cms", "centimetre", "centimetres"]),
            (.inch, ["inch", "inches", "\""]),
        ]
        for (unit, spellings) in aliases {
            for spelling in spellings { table[spelling] = unit }
        }
        let can = byName["can"] ?? IngredientUnit("can")
        let package = byName["package"] ?? IngredientUnit("package")
        for spelling in ["tin", "tins"] { table[spelling] = can }
        for spelling in ["pkg", "pkgs", "pack", "packs", "packet", "packets", "pkt", "packages"] { table[spelling] = package }
        // Spoons as other languages write them; `IngredientUnits.foreign` knows them as not English.
        for spelling in ["el", "essl", "esslöffel", "eßlöffel", "eetlepel", "eetlepels", "cucharada", "cucharadas", "cda", "cdas",
                         "cucchiaio", "cucchiai"] { table[spelling] = .tablespoon }
        for spelling in ["tl", "teelöffel", "theelepel", "theelepels", "cucharadita", "cucharaditas", "cdta", "cdtas", "cdita",
                         "cucchiaino", "cucchiaini"] { table[spelling] = .teaspoon }
        table["handfull"] = byName["handful"]
        table["handfulls"] = byName["handful"]
        return table
    }()

    /// Unit words (lower case) that are not English: a line written with them is in another language,
    /// whose names take no English plural and whose unit stays as written unless converted to US measures.
    static let foreign: Set<String> = [
        "el", "essl", "esslöffel", "eßlöffel", "eetlepel", "eetlepels", "cucharada", "cucharadas", "cda", "cdas", "cucchiaio",
        "cucchiai", "tl", "teelöffel", "theelepel", "theelepels", "cucharadita", "cucharaditas", "cdta", "cdtas", "cdita",
        "cucchiaino", "cucchiaini", "cuillère", "cuillères", "cuil",
    ]

    /// The unit a word names, if it names one: `T` is a tablespoon and `t` a teaspoon; `C` a cup.
    static func unit(for token: Substring, lower: String) -> IngredientUnit? {
        if token == "T" || token == "Tb" || token == "TB" || token == "Tbsp" || token == "Tbs" { return .tablespoon }
        if token == "t" { return .teaspoon }
        return spellings[lower]
    }
}
