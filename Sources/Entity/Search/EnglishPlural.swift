/// English plurals of lower-case, accent-free words, put back in the singular for comparing names.
///
/// Rules, in order (words of three letters or fewer, and words not ending in `s`, are left alone):
/// - irregular plurals from a table (`leaves` → `leaf`, `halves` → `half`, `geese` → `goose`) and words
///   that end in `s` in the singular (`molasses`, `asparagus`, `hummus`, `swiss`, `series`);
/// - `-ies` → `-y` (`berries`, `anchovies`), except for singulars in `-ie` (`cookies` → `cookie`) or `-i`
///   (`chilies` → `chili`), and `pies`, `ties` (four letters) that only lose the `s`;
/// - `-oes` → `-o` (`tomatoes`, `potatoes`, `mangoes`) for words longer than five letters; `sloes`, `shoes`
///   only lose the `s`;
/// - `-ches`, `-shes`, `-sses`, `-xes`, `-zzes` lose `es` (`peaches`, `radishes`, `glasses`, `boxes`),
///   except singulars in `-che` and `-sse` (`quiches`, `brioches`, `mousses`), and `-uses` of singulars
///   in `-us` (`citruses`);
/// - anything else loses its `s` (`onions`, `cheeses`, `olives`, `chives`, `jalapenos`, `kiwis`).
/// The result is only ever used to compare: both spellings of a pair fold to the same word.
enum EnglishPlural {
    static func singular(_ word: String) -> String {
        if let irregular = irregulars[word] { return irregular }
        let bytes = Array(word.utf8)
        guard bytes.count > 3, bytes.last == UInt8(ascii: "s"), bytes.allSatisfy({ $0 < 0x80 }) else { return word }
        if endsInS.contains(word) { return word }
        func ends(_ suffix: String) -> Bool { word.hasSuffix(suffix) }
        func dropping(_ count: Int) -> String { String(decoding: bytes.dropLast(count), as: UTF8.self) }
        if ends("ss") || ends("us") { return word }
        if ends("ies") {
            guard bytes.count > 4 else { return dropping(1) }
            let stem = dropping(3)
            if singularsInIE.contains(stem + "ie") { return stem + "ie" }
            if singularsInI.contains(stem + "i") { return stem + "i" }
            return stem + "y"
        }
        if ends("oes") { return bytes.count > 5 ? dropping(2) : dropping(1) }
        if ends("ches") || ends("shes") {
            return singularsInCHE.contains(dropping(1)) ? dropping(1) : dropping(2)
        }
        if ends("uses"), singularsInUS.contains(dropping(2)) { return dropping(2) }
        if ends("sses") { return singularsInSSE.contains(dropping(1)) ? dropping(1) : dropping(2) }
        if ends("xes") || ends("zzes") { return dropping(2) }
        return dropping(1)
    }

    private static let irregulars: [String: String] = [
        "leaves": "leaf", "loaves": "loaf", "halves": "half", "calves": "calf", "knives": "knife", "shelves": "shelf",
        "wolves": "wolf", "lives": "life", "wives": "wife", "elves": "elf", "scarves": "scarf", "sheaves": "sheaf",
        "thieves": "thief", "hooves": "hoof", "geese": "goose", "mice": "mouse", "cacti": "cactus",
        "fungi": "fungus", "octopi": "octopus",
    ]

    /// Singular words that end in `s` (the `-ss` and `-us` words are kept by rule).
    private static let endsInS: Set<String> = [
        "molasses", "series", "species", "news", "haggis", "cassis", "pastis", "anis", "chablis", "iris",
    ]

    private static let singularsInIE: Set<String> = [
        "cookie", "brownie", "veggie", "smoothie", "hoagie", "calorie", "movie", "pierogie", "rookie", "zombie",
        "goalie", "pixie", "genie", "auntie", "sweetie", "lassie", "birdie", "selfie", "boogie", "budgie",
        "foodie", "bookie", "newbie", "quickie", "hippie", "indie", "nightie", "barbie", "potpie", "magpie",
        "charcuterie", "patisserie", "boulangerie", "brasserie", "rotisserie", "creperie", "lingerie", "prairie",
        "coterie", "reverie", "eyrie", "sortie", "collie", "cowrie", "mountie", "oldie", "beanie", "wheatie",
    ]

    private static let singularsInI: Set<String> = ["chili", "chilli", "khaki"]

    private static let singularsInCHE: Set<String> = [
        "quiche", "brioche", "ganache", "leche", "noche", "ceviche", "niche", "cache", "ache", "tranche", "panache",
        "avalanche", "moustache", "mustache", "cliche", "creche", "psyche", "fiche", "pastiche", "douche", "cloche",
        "cartouche", "troche", "caliche",
    ]

    private static let singularsInSSE: Set<String> = [
        "mousse", "crevasse", "impasse", "finesse", "demitasse", "posse", "lacrosse", "bouillabaisse",
    ]

    private static let singularsInUS: Set<String> = [
        "citrus", "octopus", "cactus", "hummus", "asparagus", "couscous", "hibiscus", "walrus", "bus", "fungus",
        "bonus", "virus", "abacus", "nautilus", "platypus", "crocus", "humus",
    ]
}
