// libFuzzer harness for the ingredient-line parser; compiled together with Sources/Entity/Ingredients/
// and the name folding it uses into one module, so its internal API is in reach.
//
// Input: one ingredient line (any bytes, decoded as UTF-8 with replacement). Checks: reading never
// crashes or loops and answers the same twice; the text is kept; the quantity is finite and not
// negative, and a range's top is above its bottom; where the amount is written lies inside the text,
// the unit after the quantity; and scaling and converting the line never crash and keep what follows
// the amount as written.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("IngredientLine invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
    let line = IngredientLine(parsing: text)
    check(line == IngredientLine(parsing: text), "two reads differ")
    check(line.text == text, "the text changed")
    if let quantity = line.quantity {
        check(quantity.low.isFinite && quantity.low >= 0, "quantity \(quantity.low)")
        if let high = quantity.high { check(high.isFinite && high > quantity.low, "range \(quantity.low)-\(high)") }
    }
    let bytes = text.utf8.count
    if let range = line.quantityRange { check(range.lowerBound >= 0 && range.upperBound <= bytes, "quantity at \(range) of \(bytes)") }
    if let range = line.unitRange {
        check(range.lowerBound >= 0 && range.upperBound <= bytes, "unit at \(range) of \(bytes)")
    }
    for (factor, units) in [(2.0, nil), (1.0 / 3, nil), (1.0, UnitSystem.metric), (1.0, UnitSystem.us), (1e9, nil)] as [(Double, UnitSystem?)] {
        let shown = line.shown(scale: factor, units: units)
        if let unitRange = line.unitRange, let quantityRange = line.quantityRange, unitRange.lowerBound >= quantityRange.upperBound, !shown.asWritten {
            // Compared byte by byte: a combining mark after the unit joins whatever comes before it.
            let after = Array(text.utf8)[unitRange.upperBound...]
            check(Array(shown.text.utf8).suffix(after.count).elementsEqual(after),
                  "\(factor) \(String(describing: units)): '\(shown.text)' lost '\(String(decoding: after, as: UTF8.self))'")
        }
    }
    if let amount = line.totalAmount {
        _ = CookAmount.text(amount)
        _ = UnitConversion.tidied(amount)
    }
    return 0
}
