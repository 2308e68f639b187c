import Entity
import PageReader
import TextSafety

/// An ingredient a page sets out as pieces side by side, the amount in one element and the name in
/// another (`<div><span>Äpplen</span><span>3</span></div>`), or a table's row: one line, the amount
/// first, as ingredient lines are written.
enum RowText {
    enum Limits {
        /// Nodes in a row's subtree: a row is small.
        static let nodes = 40
        static let pieces = 4
        static let length = 200
    }

    /// Elements that may hold a row's pieces side by side.
    static func mayBeRow(_ name: String) -> Bool {
        name == "div" || name == "span" || name == "tr" || name == "dd" || name == "label" || name == "section"
    }

    private static let notPieces: Set<String> = ["ul", "ol", "li", "table", "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "img", "button", "select", "input"]

    enum Row: Equatable {
        case line(String)
        /// A table's row of header cells: it heads the table and is no line of it.
        case header(String)
    }

    /// The row's line, or nil when the element is not a row: two to four pieces with no block inside
    /// them, exactly one of them an amount alone (and no duration), none of them a list, heading or
    /// paragraph. A table's row is always a row.
    static func line(at index: Int, in tree: PageTree) -> Row? {
        let node = tree.nodes[index]
        guard node.kind == .element, node.end - index <= Limits.nodes else { return nil }
        let isTableRow = node.name == "tr"
        var pieces: [String] = []
        var allHeaderCells = isTableRow
        var headerCells = 0
        for child in tree.children(of: index) {
            let childNode = tree.nodes[child]
            let text: String
            switch childNode.kind {
            case .text:
                text = CleanText.line(tree.string(childNode.range))
            case .element:
                if !isTableRow, notPieces.contains(childNode.name) || containsBlock(child, in: tree) { return nil }
                if childNode.name == "th" { headerCells += 1 } else { allHeaderCells = false }
                text = CleanText.line(tree.text(of: child))
            case .raw:
                continue
            }
            if !text.isEmpty { pieces.append(text) }
            if pieces.count > Limits.pieces { return nil }
        }
        if allHeaderCells, !pieces.isEmpty { return .header(pieces.joined(separator: " ")) }
        // A header cell before a time or a count labels it: "Time: 60 minutes".
        if isTableRow, headerCells == 1, pieces.count >= 2, let label = pieces.first,
           case let value = pieces.dropFirst().joined(separator: " "), value.contains(where: \.isLetter), Durations.minutes(value) != nil,
           tree.children(of: index).lazy.first(where: { tree.nodes[$0].kind == .element }).map({ tree.nodes[$0].name == "th" }) == true {
            return .line(label + ": " + value)
        }
        guard (isTableRow ? 1 : 2)...Limits.pieces ~= pieces.count, pieces.joined().count <= Limits.length else { return nil }
        // A sentence that sets its amount in bold ("Then add <b>150g chocolate</b> (chopped)." ) is no row.
        if !isTableRow, let last = pieces.last?.last, ".!".contains(last) { return nil }
        let amounts = pieces.filter(isAmountAlone)
        // One amount beside a name; several values side by side ("45 min", "4 servings", "easy") are facts.
        guard isTableRow || (amounts.count == 1 && !Durations.isPlain(amounts[0])) else { return nil }
        // A part's title beside a count ("Zutaten für" and "2 Personen") is no ingredient.
        guard !pieces.contains(where: { SectionWords.kind(of: $0) != nil }) else { return nil }
        // A label and its value ("Servings:" and "4") stay in the page's order.
        if pieces.contains(where: { $0.hasSuffix(":") || PageLabels.isFactLabel($0) }) { return .line(pieces.joined(separator: " ")) }
        return .line((amounts + pieces.filter { !isAmountAlone($0) }).joined(separator: " "))
    }

    private static func containsBlock(_ index: Int, in tree: PageTree) -> Bool {
        ((index + 1)..<tree.nodes[index].end).contains { tree.nodes[$0].kind == .element && PageTree.blockElements.contains(tree.nodes[$0].name) }
    }

    /// A piece that is only an amount: a number, with a unit or a word or two (`3`, `½ dl`, `8 skivor`,
    /// `75g`); a number glued to another word (`2Blend`) is not one.
    static func isAmountAlone(_ piece: String) -> Bool {
        let words = piece.split(whereSeparator: \.isWhitespace)
        guard piece.count <= 24, words.count <= 3, let first = words.first else { return false }
        let number = first.prefix { $0.isNumber || "/.,-–".contains($0) }
        guard !number.isEmpty, number.first?.isNumber == true else { return false }
        let rest = first.dropFirst(number.count)
        return rest.isEmpty || Amounts.isUnit(String(rest))
    }
}
