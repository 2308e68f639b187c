// libFuzzer harness for the shopping list's merge; compiled together with the Entity files it uses
// (ingredient lines, names, units, the shopping list and its aisles) into one module.
//
// Input: recipes and a pantry as text. The first byte picks each recipe's factor; recipes are separated
// by 0x00, lines by newlines; after a 0x01 come pantry names, separated by commas. Checks: building the
// list never crashes and gives the same list twice and for the recipes in reverse order the same items
// (by key, with the same lines behind them); every line that asks for something is behind exactly one
// item (on the list or in the pantry), water excepted; no two items share a key; every amount is finite
// and above zero, and its text says no nan or inf; what the pantry holds is never on the list; aisles
// come in their order and items alphabetically within each.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("ShoppingList invariant: \(message())") }
}

private let factors: [Double] = [1, 2, 0.5, 1.0 / 3, 4, 0.01, 100, 1e9]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    guard let first = bytes.first else { return 0 }
    let body = bytes.dropFirst()
    let pantryStart = body.firstIndex(of: 1)
    let recipeBytes = body[body.startIndex..<(pantryStart ?? body.endIndex)]
    let pantry = pantryStart.map { String(decoding: body[($0 + 1)...], as: UTF8.self).split(separator: ",").map(String.init) } ?? []
    let recipes = recipeBytes.split(separator: 0, omittingEmptySubsequences: false).prefix(20).enumerated().map { index, part in
        ShoppingList.Recipe(title: "r\(index)", lines: String(decoding: part, as: UTF8.self).split(separator: "\n").prefix(60).map(String.init),
                            factor: factors[(Int(first) >> (index % 3)) % factors.count])
    }
    let list = ShoppingList(recipes: recipes, pantry: pantry)
    check(list == ShoppingList(recipes: recipes, pantry: pantry), "two builds differ")

    let all = list.items + list.inPantry
    check(Set(all.map(\.key)).count == all.count, "two items share a key")
    var expected = 0
    for recipe in recipes {
        for line in recipe.ingredients where !line.text.allSatisfy(\.isWhitespace) {
            let key = IngredientKey(line)
            if key.isEmpty || Staples.staple(of: key) == "water" { continue }
            expected += 1
        }
    }
    check(all.reduce(0) { $0 + $1.sources.count } == expected, "\(expected) lines, \(all.reduce(0) { $0 + $1.sources.count }) behind items")

    let held = Set(pantry.map { IngredientKey(name: $0) })
    for item in list.items {
        check(!held.contains(item.key), "\(item.name) is in the pantry and on the list")
    }
    for item in all {
        for amount in item.amounts {
            check(amount.quantity.low.isFinite && amount.quantity.low > 0, "\(item.name): \(amount.quantity.low)")
            if let high = amount.quantity.high { check(high.isFinite && high >= amount.quantity.low, "\(item.name): range to \(high)") }
        }
        for units in [nil, UnitSystem.metric, .us] as [UnitSystem?] {
            let text = item.amountText(in: units).lowercased()
            check(!text.contains("nan") && !text.contains("inf"), "\(item.name): \(text)")
        }
    }
    let order = list.aisles.map(\.aisle)
    check(order == Aisle.allCases.filter(order.contains), "aisles out of order: \(order)")
    for (_, items) in list.aisles {
        let names = items.map { $0.name.lowercased() }
        check(names == names.sorted(), "items out of order")
    }

    // The same recipes the other way round: the same things to buy, from the same lines.
    let reversed = ShoppingList(recipes: recipes.reversed(), pantry: pantry)
    let again = reversed.items + reversed.inPantry
    check(Set(again.map(\.key)) == Set(all.map(\.key)), "the items depend on the recipes' order")
    let lines = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0.sources.map(\.line).sorted()) })
    for item in again { check(lines[item.key] == item.sources.map(\.line).sorted(), "\(item.name): other lines the other way round") }
    return 0
}
