/// What every kitchen is taken to hold unless asked to be strict: salt, pepper, water and oil.
public enum Staples {
    /// The staples, as typed.
    public static let names = ["salt", "pepper", "water", "oil"]

    /// Whether a key is a staple: the staple itself or a kind of it (`sea salt`, `black pepper`,
    /// `olive oil`, `vegetable oil`, `cold water`). Not foods named after one (`red pepper`, `bell
    /// pepper`, `oil-packed tuna`).
    public static func covers(_ key: IngredientKey) -> Bool {
        staple(of: key) != nil
    }

    /// The staple a key is a kind of (`salt`, `pepper`, `water`, `oil`), if any.
    public static func staple(of key: IngredientKey) -> String? {
        guard let last = key.words.last, let kinds = table[last], key.words.dropLast().allSatisfy({ kinds.contains($0) }) else {
            return nil
        }
        return last == "peppercorn" ? "pepper" : last
    }

    /// Each staple with the words that may stand before it and leave it a staple.
    private static let table: [String: Set<String>] = [
        "salt": ["sea", "kosher", "table", "fine", "coarse", "flaky", "rock", "and", "pepper", "black", "ground"],
        "pepper": ["black", "ground", "white", "cracked", "freshly", "salt", "and", "peppercorn"],
        "peppercorn": ["black", "whole"],
        "water": ["cold", "warm", "hot", "boiling", "lukewarm", "iced", "ice", "tap", "filtered", "tepid"],
        "oil": ["olive", "vegetable", "sunflower", "canola", "rapeseed", "neutral", "cooking", "light", "groundnut", "peanut",
                "corn", "frying", "virgin", "extra"],
    ]
}
