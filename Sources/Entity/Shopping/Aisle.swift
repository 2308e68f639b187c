/// Where a shop keeps an ingredient: the shopping list is grouped by these, in this order.
public enum Aisle: String, Sendable, Hashable, CaseIterable, Comparable {
    case produce
    case dairyAndEggs = "dairy and eggs"
    case meatAndFish = "meat and fish"
    case bakery
    case dryGoods = "dry goods"
    case spices
    case tinsAndJars = "tins and jars"
    case frozen
    case other

    public static func < (left: Aisle, right: Aisle) -> Bool {
        (allCases.firstIndex(of: left) ?? 0) < (allCases.firstIndex(of: right) ?? 0)
    }

    /// The aisle of a parsed line: frozen when its name says so; tins and jars when it comes in one or
    /// says it is canned; else the longest name in `AisleTable` found in it (`black pepper` is a spice,
    /// `red pepper` produce, `peanut butter` tins and jars); else dairy and eggs when the lactose rule
    /// calls it dairy; else other.
    public static func of(_ line: IngredientLine) -> Aisle {
        let name = line.isUnsure || line.name.isEmpty ? line.text : line.name
        let words = IngredientName.foldedWords(name)
        if words.contains("frozen") { return .frozen }
        if words.contains("canned") || words.contains("tinned") || words.contains("jarred")
            || ["can", "jar"].contains(line.unit?.name ?? "") {
            return .tinsAndJars
        }
        if let found = AisleTable.aisle(of: words) { return found }
        return LactoseRule.nameContainsLactose(name) ? .dairyAndEggs : .other
    }
}
