/// The shopping list for some recipes: the same ingredient merged across them with its amounts summed
/// where units allow, grouped by aisle, without what the pantry holds.
///
/// - Lines ask for the same thing when their `IngredientKey`s are equal (`2 large eggs, beaten` and `1
///   egg`; `plain flour` and `flour`).
/// - Amounts add up when they measure the same way: counts with counts (`2 eggs` and `1 egg`), the same
///   counted unit (`1 can` and `2 cans`), volumes with volumes and weights with weights in any units
///   (`1 cup` and `250 ml`, `500 g` and `1 kg`), and a volume with a weight only for the foods with a
///   density in `IngredientDensities` (`1 cup flour` and `200 g flour`). Amounts that cannot merge are
///   kept apart in the same item (`2 onions + 200 g`). A line with no amount (`salt, to taste`) marks the
///   item as wanted anyway.
/// - An amount is written in metric when any line of it was, else in US measures.
/// - Water is never bought; with `staples`, salt, pepper and oil are taken to be in the kitchen, as the
///   pantry ranking takes them.
public struct ShoppingList: Sendable, Equatable {
    /// One recipe's part of the list.
    public struct Recipe: Sendable, Equatable {
        public let title: String
        public let ingredients: [IngredientLine]
        /// How many times the recipe is made (servings asked for over servings written).
        public let factor: Double

        public init(title: String, ingredients: [IngredientLine], factor: Double = 1) {
            self.title = title
            self.ingredients = ingredients
            self.factor = factor
        }

        /// The recipe from its lines as written.
        public init(title: String, lines: [String], factor: Double = 1) {
            self.init(title: title, ingredients: lines.map(IngredientLine.init(parsing:)), factor: factor)
        }
    }

    /// A line an item comes from, and its recipe.
    public struct Source: Sendable, Equatable {
        public let recipe: String
        public let line: String
    }

    /// One thing to buy.
    public struct Item: Sendable, Equatable {
        public let key: IngredientKey
        /// The name as the first line that asks for it writes it.
        public let name: String
        public let aisle: Aisle
        /// What to buy, summed; more than one when they cannot be added (`2 + 200 g`).
        public internal(set) var amounts: [IngredientAmount]
        /// Whether some line asks for it with no amount (`to taste`, `for frying`).
        public internal(set) var alsoUnmeasured: Bool
        /// The lines it comes from, with the recipe of each.
        public internal(set) var sources: [Source]

        /// `3 cups + 2`, `450 g`, or empty when no line gives an amount.
        public var amountText: String {
            amountText(in: nil)
        }

        /// The amounts in `units` where they convert soundly (as a card converts them: volume to
        /// weight only through the density table), else as summed; nil keeps them as summed.
        public func amounts(in units: UnitSystem?) -> [IngredientAmount] {
            let whole = amounts.map { amount in
                // Eggs are bought whole: ⅔ of one is one to buy.
                guard amount.unit == nil, amount.quantity.low < 1, IngredientLine.isTakenWhole(name) else { return amount }
                return IngredientAmount(IngredientQuantity(1, to: amount.quantity.high.map { $0.rounded(.up) }), nil)
            }
            guard let units else { return whole }
            return whole.map { UnitConversion.converted($0, to: units, ingredient: name) ?? $0 }
        }

        /// `amountText`, in `units`.
        public func amountText(in units: UnitSystem?) -> String {
            amounts(in: units).map { CookAmount.text($0) }.joined(separator: " + ")
        }
    }

    /// The items to buy, aisle by aisle in `Aisle` order, alphabetical within an aisle.
    public let aisles: [(aisle: Aisle, items: [Item])]
    /// What the pantry (or the staples) already holds, left off the list.
    public let inPantry: [Item]

    public var items: [Item] { aisles.flatMap(\.items) }

    public init(recipes: [Recipe], pantry: [String] = [], staples: Bool = true) {
        var merged: [IngredientKey: Item] = [:]
        var order: [IngredientKey] = []
        for recipe in recipes {
            for line in recipe.ingredients where !line.text.allSatisfy(\.isWhitespace) {
                let key = IngredientKey(line)
                guard !key.isEmpty else { continue }
                if merged[key] == nil {
                    order.append(key)
                    merged[key] = Item(key: key, name: line.isUnsure || line.name.isEmpty ? line.text : line.name,
                                       aisle: .of(line), amounts: [], alsoUnmeasured: false, sources: [])
                }
                merged[key]?.add(line, factor: recipe.factor, from: recipe.title)
            }
        }
        let holds = Set(pantry.map { IngredientKey(name: $0) })
        var kept: [Aisle: [Item]] = [:]
        var held: [Item] = []
        for key in order {
            guard var item = merged[key] else { continue }
            item.amounts = item.amounts.map(ShoppingList.written)
            if Staples.staple(of: key) == "water" { continue }
            if holds.contains(key) || staples && Staples.covers(key) {
                held.append(item)
            } else {
                kept[item.aisle, default: []].append(item)
            }
        }
        aisles = Aisle.allCases.compactMap { aisle in
            kept[aisle].map { (aisle, $0.sorted { $0.name.lowercased() < $1.name.lowercased() }) }
        }
        inPantry = held
    }

    public static func == (left: ShoppingList, right: ShoppingList) -> Bool {
        left.aisles.map(\.aisle) == right.aisles.map(\.aisle) && left.aisles.map(\.items) == right.aisles.map(\.items)
            && left.inPantry == right.inPantry
    }

    /// An amount summed in base units (millilitres, grams), written in the unit its size calls for.
    static func written(_ amount: IngredientAmount) -> IngredientAmount {
        UnitConversion.tidied(amount)
    }
}

extension ShoppingList.Item {
    /// Adds one line's amount: onto an amount it can be added to, else as an amount of its own.
    mutating func add(_ line: IngredientLine, factor: Double, from recipe: String) {
        sources.append(ShoppingList.Source(recipe: recipe, line: line.text))
        guard !line.isUnsure, let whole = line.totalAmount else {
            alsoUnmeasured = true
            return
        }
        let amount = IngredientAmount(whole.quantity.scaled(by: factor), whole.unit)
        // A sum or a scale no kitchen measures is asked for without an amount, never as NaN or infinity.
        guard amount.quantity.low.isFinite, amount.quantity.low > 0, amount.quantity.high?.isFinite ?? true else {
            alsoUnmeasured = true
            return
        }
        for index in amounts.indices {
            if let sum = ShoppingList.sum(amounts[index], amount, ingredient: name) {
                amounts[index] = sum
                return
            }
        }
        amounts.append(amount)
    }
}

extension ShoppingList {
    /// The sum of two amounts of one ingredient, when they measure the same way; nil when they do not.
    /// Volumes and weights are summed in millilitres and grams, in metric when either was.
    static func sum(_ first: IngredientAmount, _ second: IngredientAmount, ingredient: String) -> IngredientAmount? {
        func plus(_ a: IngredientQuantity, _ b: IngredientQuantity) -> IngredientQuantity {
            let high = a.high != nil || b.high != nil ? (a.high ?? a.low) + (b.high ?? b.low) : nil
            return IngredientQuantity(a.low + b.low, to: high)
        }
        guard let firstUnit = first.unit, let secondUnit = second.unit else {
            return first.unit == nil && second.unit == nil ? IngredientAmount(plus(first.quantity, second.quantity), nil) : nil
        }
        if firstUnit == secondUnit { return IngredientAmount(plus(first.quantity, second.quantity), firstUnit) }
        guard firstUnit.isMeasure, secondUnit.isMeasure else { return nil }
        let metric = firstUnit.system == .metric || secondUnit.system == .metric
        if firstUnit.sameDimension(as: secondUnit) {
            let base = firstUnit.measureBase
            let total = plus(first.quantity.scaled(by: firstUnit.size), second.quantity.scaled(by: secondUnit.size))
            let amount = IngredientAmount(total, base)
            return metric ? amount : UnitConversion.converted(amount, to: .us, ingredient: ingredient) ?? amount
        }
        // A volume and a weight: through the food's density, in grams.
        guard let density = IngredientDensities.gramsPerCup(of: ingredient) else { return nil }
        func grams(_ amount: IngredientAmount, _ unit: IngredientUnit) -> IngredientQuantity? {
            switch unit.measure {
            case .weight(let size): return amount.quantity.scaled(by: size)
            case .volume(let size): return amount.quantity.scaled(by: size / IngredientUnit.cup.size * density)
            default: return nil
            }
        }
        guard let a = grams(first, firstUnit), let b = grams(second, secondUnit) else { return nil }
        let amount = IngredientAmount(plus(a, b), .gram)
        return metric ? amount : UnitConversion.converted(amount, to: .us, ingredient: ingredient) ?? amount
    }
}

extension IngredientUnit {
    /// Millilitres for volumes, grams for weights, millimetres for lengths; itself when counted.
    var measureBase: IngredientUnit {
        switch measure {
        case .volume: return .milliliter
        case .weight: return .gram
        case .length: return .millimeter
        case .count: return self
        }
    }
}
