import Presenter
import TerminalKit

/// Lays display models out as lines for a terminal of a given width. Every string from a model is
/// made terminal-safe before any styling is added, so nothing from the network can reach the terminal
/// as a control sequence.
struct Renderer {
    let width: Int
    let style: Style
    /// Messages are wrapped only for a person at a terminal; into a pipe each stays one line.
    let wrapsMessages: Bool
    /// The terminal's rows, which a screen of recipes fits in; nil into a pipe, where nothing scrolls
    /// away unseen and each card is laid out whole.
    let rows: Int?

    init(width: Int, colors: Bool, wrapsMessages: Bool = true, rows: Int? = nil) {
        self.width = max(20, width)
        self.style = Style(colors: colors)
        self.wrapsMessages = wrapsMessages
        self.rows = rows.map { max(4, $0) }
    }

    /// The rows of a screen of recipes that are not cards: the heading, the blank under it, the
    /// footer and the prompt.
    static let screenFrame = 4
    /// The rows of a card on a terminal: its title, and its ingredients.
    static let compactCardRows = 2

    /// A card's picture as drawn for this terminal: rows of coloured characters to set beside the card,
    /// or a block (a graphics protocol's escape) to put above it.
    enum CardPicture {
        case beside([String], columns: Int)
        case above(String)
    }

    func screen(_ model: ScreenModel, picture: (PictureModel) -> CardPicture? = { _ in nil }) -> [String] {
        guard let rows else { return wholeScreen(model, picture: picture) }
        // On a terminal, the heading, every card and the footer fit in its rows, with the prompt under them.
        var lines = [style.bold(TextLayout.truncate(safe(model.heading), width: width)), ""]
        let numberWidth = String(model.cards.map(\.number).max() ?? 0).count
        var ingredientLines: [Int] = []
        for card in model.cards {
            switch card.picture.flatMap(picture) {
            case .beside(let pictureRows, let columns)?:
                let text = Renderer(width: width - columns - 1, colors: style.colors, wrapsMessages: wrapsMessages)
                    .card(card, numberWidth: numberWidth).prefix(pictureRows.count)
                lines += beside(pictureRows, columns: columns, text: Array(text))
            case .above(let block)?:
                lines.append(String(block.dropLast(block.hasSuffix("\n") ? 1 : 0)))
                lines += compactCard(card, numberWidth: numberWidth)
                ingredientLines.append(lines.count - 1)
            case nil:
                lines += compactCard(card, numberWidth: numberWidth)
                ingredientLines.append(lines.count - 1)
            }
        }
        for note in model.notes { lines += message(note) }
        lines.append(style.dim(hints(model.hints)))
        // Notes can make it taller than planned: the blank under the heading goes, then ingredients from
        // the last card up, so that the heading stays on the screen.
        var over = lines.count - (rows - 1)
        if over > 0 {
            lines.remove(at: 1)
            ingredientLines = ingredientLines.map { $0 - 1 }
            over -= 1
        }
        for line in ingredientLines.reversed() where over > 0 {
            lines.remove(at: line)
            over -= 1
        }
        return lines
    }

    /// A screen laid out whole, each card wrapped over as many lines as it needs: into a pipe.
    private func wholeScreen(_ model: ScreenModel, picture: (PictureModel) -> CardPicture?) -> [String] {
        var lines = ["", style.bold(safe(model.heading)), ""]
        let numberWidth = String(model.cards.map(\.number).max() ?? 0).count
        for card in model.cards {
            switch card.picture.flatMap(picture) {
            case .beside(let rows, let columns)?:
                let text = Renderer(width: width - columns - 1, colors: style.colors, wrapsMessages: wrapsMessages)
                    .card(card, numberWidth: numberWidth)
                lines += beside(rows, columns: columns, text: text) + [""]
            case .above(let block)?:
                lines.append(String(block.dropLast(block.hasSuffix("\n") ? 1 : 0)))
                lines += self.card(card, numberWidth: numberWidth) + [""]
            case nil:
                lines += self.card(card, numberWidth: numberWidth) + [""]
            }
        }
        for note in model.notes { lines += message(note) }
        lines += TextLayout.wrap(safe(model.footer), width: width).map(style.dim)
        return lines
    }

    /// A picture's rows with a card's lines set beside them.
    private func beside(_ rows: [String], columns: Int, text: [String]) -> [String] {
        let blank = String(repeating: " ", count: columns)
        return (0..<max(rows.count, text.count)).map { index in
            let row = index < rows.count ? rows[index] + String(repeating: " ", count: max(0, columns - Renderer.cellsDrawn(rows[index]))) : blank
            return row + " " + (index < text.count ? text[index] : "")
        }
    }

    /// A card in two lines, each cut to the width: number, title, badges and (where there is room) its
    /// site; then its ingredients.
    func compactCard(_ card: RecipeCard, numberWidth: Int) -> [String] {
        let number = String(card.number)
        let label = String(repeating: " ", count: max(0, numberWidth - number.count)) + number + ". "
        let badges = card.badges.map(badge).joined(separator: " ")
        let badgeWidth = card.badges.map { TextLayout.displayWidth(badgeText($0)) + 1 }.reduce(0, +)
        let title = TextLayout.truncate(safe(card.title), width: max(1, width - label.count - badgeWidth))
        var line = label + style.bold(title) + (badges.isEmpty ? "" : " " + badges)
        let room = width - label.count - TextLayout.displayWidth(title) - badgeWidth - 3
        let site = safe(card.site)
        if !site.isEmpty, room >= min(TextLayout.displayWidth(site), 12) {
            line += style.dim(" · " + TextLayout.truncate(site, width: room))
        }
        let indent = String(repeating: " ", count: label.count)
        return [line, indent + TextLayout.truncate(safe(card.ingredients), width: width - indent.count)]
    }

    /// The hints that fit on one line, in their order: where not all fit, the highest ranks are left
    /// out, but the first two (where the screen stands, and the state of the walk), which take their
    /// short form instead; what still does not fit is cut.
    func hints(_ hints: Hints) -> String {
        var kept = hints.hints
        func line() -> String { kept.map { safe($0.text) }.joined(separator: " · ") }
        func tooWide() -> Bool { TextLayout.displayWidth(line()) > width }
        func dropOne(above rank: Int) -> Bool {
            guard let drop = kept.indices.filter({ kept[$0].rank > rank }).max(by: { kept[$0].rank < kept[$1].rank }) else { return false }
            kept.remove(at: drop)
            return true
        }
        while tooWide(), dropOne(above: 1) {}
        for index in kept.indices where tooWide() {
            if let short = kept[index].short { kept[index] = Hints.Hint(short, rank: kept[index].rank) }
        }
        while kept.count > 1, tooWide(), dropOne(above: 0) {}
        return TextLayout.truncate(line(), width: width)
    }

    /// A card: number and title (with badges), ingredients, and the site (or the whole link).
    func card(_ card: RecipeCard, numberWidth: Int, link: Bool = false) -> [String] {
        let number = String(card.number)
        let label = String(repeating: " ", count: max(0, numberWidth - number.count)) + number + ". "
        let indent = String(repeating: " ", count: label.count)
        let badges = card.badges.map(badge).joined(separator: " ")
        let badgeWidth = card.badges.map { TextLayout.displayWidth(badgeText($0)) + 1 }.reduce(0, +)
        var titleLines = TextLayout.wrap(safe(card.title), width: width - badgeWidth, first: label, rest: indent)
        titleLines = titleLines.enumerated().map { index, line in
            index == 0 ? label + style.bold(String(line.dropFirst(label.count))) : line
        }
        if !badges.isEmpty, let last = titleLines.popLast() { titleLines.append(last + " " + badges) }
        var lines = titleLines
        lines += TextLayout.wrap(safe(card.ingredients), width: width, first: indent, rest: indent)
        let source = link ? card.link : card.site
        if !source.isEmpty { lines.append(indent + style.dim(TextLayout.truncate(safe(source), width: width - indent.count))) }
        return lines
    }

    func badgeText(_ badge: Badge) -> String {
        switch badge {
        case .favorite: return "★"
        case .lactose: return "LACTOSE"
        }
    }

    func badge(_ badge: Badge) -> String {
        switch badge {
        case .favorite: return style.yellow(badgeText(badge))
        case .lactose: return style.badge(badgeText(badge))
        }
    }

    func detail(_ model: RecipeDetailModel) -> [String] {
        let badges = model.badges.map(badge).joined(separator: " ")
        var lines = TextLayout.wrap(safe(model.title), width: width, first: "\(model.number). ", rest: "    ")
        lines[0] = style.bold(lines[0])
        if !badges.isEmpty { lines[lines.count - 1] += " " + badges }
        let labelWidth = (model.fields.map(\.label.count).max() ?? 0) + 2
        for field in model.fields {
            let label = field.label + ":" + String(repeating: " ", count: labelWidth - field.label.count - 1)
            lines += TextLayout.wrap(safe(field.value), width: width, first: "  " + label, rest: String(repeating: " ", count: labelWidth + 2))
        }
        if !model.method.isEmpty {
            lines.append("  Method:")
            let numberWidth = String(model.method.count).count + 1
            for line in model.method {
                switch line {
                case .section(let text):
                    lines += TextLayout.wrap(safe(text), width: width, first: "    ", rest: "    ").map(style.bold)
                case .step(let number, let text):
                    let label = String(number) + "."
                    let lead = "    " + label + String(repeating: " ", count: max(1, numberWidth - label.count + 1))
                    lines += TextLayout.wrap(safe(text), width: width, first: lead, rest: String(repeating: " ", count: lead.count))
                }
            }
        }
        lines.append(style.dim(TextLayout.truncate(safe(model.footer), width: width)))
        return lines
    }

    func page(_ model: PageModel) -> [String] {
        var lines = [style.bold(TextLayout.truncate(safe(model.title), width: width)),
                     style.dim("(\(safe(model.source)))")]
        if let note = model.note { lines += TextLayout.wrap(safe(note), width: width).map(style.yellow) }
        lines.append("")
        var previous: PageModel.Block?
        var labelWidth = 0
        for (index, block) in model.blocks.enumerated() {
            defer { previous = block }
            // A page can be long: Ctrl-C stops laying it out (the rest is not shown).
            if Task.isCancelled { break }
            switch block {
            case .heading(let level, let text):
                // A heading right under another (Method, then its first section) stays with it.
                if case .heading? = previous {} else if lines.last != "" { lines.append("") }
                let text = safe(text)
                lines += TextLayout.wrap(level <= 1 ? text.uppercased() : text, width: width).map(style.bold)
            case .paragraph(let text):
                lines += TextLayout.wrap(safe(text), width: width)
                lines.append("")
            case .item(let marker, let text, let depth):
                let indent = String(repeating: "  ", count: min(depth, 8) + 1)
                let lead = indent + safe(marker) + " "
                lines += TextLayout.wrap(safe(text), width: width, first: lead, rest: String(repeating: " ", count: lead.count))
            case .preformatted(let text):
                lines += PrintableText.block(text).split(separator: "\n", omittingEmptySubsequences: false).map {
                    TextLayout.truncate(String($0), width: width)
                }
                lines.append("")
            case .rule:
                lines.append(String(repeating: "─", count: min(width, 40)))
            case .field(let label, let value):
                if case .field? = previous {} else {
                    if lines.last != "" { lines.append("") }
                    // A run of fields lines its values up.
                    labelWidth = model.blocks[index...].prefix { if case .field = $0 { true } else { false } }.map { block in
                        if case .field(let label, _) = block { TextLayout.displayWidth(safe(label)) } else { 0 }
                    }.max() ?? 0
                }
                let label = safe(label)
                let lead = "  " + label + ": " + String(repeating: " ", count: max(0, labelWidth - TextLayout.displayWidth(label)))
                lines += TextLayout.wrap(safe(value), width: width, first: lead, rest: String(repeating: " ", count: lead.count))
            }
        }
        if !model.references.isEmpty {
            if lines.last != "" { lines.append("") }
            lines.append(style.bold("References"))
            for reference in model.references {
                lines += TextLayout.wrap(safe(reference), width: width, first: "  ", rest: "     ")
            }
        }
        if let footer = model.footer {
            if lines.last != "" { lines.append("") }
            lines += TextLayout.wrap(safe(footer), width: width).map(style.dim)
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shopping list: its heading and recipes, then each aisle with its items, what was left off,
    /// and the footer.
    func shoppingList(_ model: ShoppingListModel) -> [String] {
        var lines = ["", style.bold(safe(model.heading))]
        for recipe in model.recipes { lines += TextLayout.wrap(safe(recipe), width: width, first: "  ", rest: "     ") }
        for section in model.sections {
            lines += ["", style.bold(safe(section.title))]
            for item in section.items { lines += TextLayout.wrap(safe(item), width: width, first: "  • ", rest: "    ") }
        }
        lines.append("")
        if let leftOff = model.leftOff { lines += TextLayout.wrap(safe(leftOff), width: width).map(style.dim) }
        for note in model.notes { lines += message(note) }
        if !model.footer.isEmpty { lines += TextLayout.wrap(safe(model.footer), width: width).map(style.dim) }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A message, wrapped to the width: what happened, then what to do next.
    func message(_ model: MessageModel) -> [String] {
        var text = safe(model.text)
        if let hint = model.hint { text += " " + safe(hint) }
        let lead: String
        switch model.kind {
        case .info: lead = ""
        case .warning: lead = "! "
        case .error: lead = "Error: "
        }
        var lines = wrapsMessages ? TextLayout.wrap(text, width: width, first: lead, rest: "") : [lead + text]
        if !lead.isEmpty, let first = lines.first {
            let styled = model.kind == .error ? style.red(lead) : style.yellow(lead)
            lines[0] = styled + first.dropFirst(lead.count)
        }
        return lines
    }

    func help() -> [String] {
        var lines = [style.bold("Commands"), ""]
        let rows = CommandTable.specs.map { spec -> (String, String) in
            let names = spec.names.joined(separator: ", ")
            return (spec.arguments.isEmpty ? names : names + " " + spec.arguments, spec.summary)
        }
        // The summaries line up after the longest usual command; a longer one has its summary below it.
        let column = min(26, (rows.map(\.0.count).max() ?? 0) + 2)
        let indent = String(repeating: " ", count: column + 2)
        for (left, right) in rows {
            if left.count + 1 > column {
                lines.append("  " + left)
                lines += TextLayout.wrap(right, width: width, first: indent, rest: indent)
            } else {
                let pad = String(repeating: " ", count: column - left.count)
                lines += TextLayout.wrap(right, width: width, first: "  " + left + pad, rest: indent)
            }
        }
        lines += ["", style.bold("Searching")]
        let examples = [
            ("onions, garlic", "recipes with both (ingredients separated by commas)"),
            ("eggs, milk \"pancakes\"", "ingredients, and words the title must contain"),
            ("\"chocolate cake\"", "title words alone"),
            (":WORD", "a line starting with : is always a command"),
        ]
        for (left, right) in examples {
            let pad = String(repeating: " ", count: max(1, column - left.count))
            lines += TextLayout.wrap(right, width: width, first: "  " + left + pad, rest: String(repeating: " ", count: column + 2))
        }
        lines += [""] + TextLayout.wrap("Numbers stay with a recipe for the whole search. ★ marks favorites; LACTOSE marks milk, cheese and other dairy.",
                                        width: width)
        lines += [""] + TextLayout.wrap("From the shell: recipes favorites --export cookbook.md writes the favorites as a cookbook, "
                                        + "recipes favorites --json prints them; recipes --help lists every command and option.", width: width)
        return lines
    }

    /// How many cells a row of a picture drawn with characters takes: its characters, not counting
    /// the colour sequences (`ESC [ … m`) between them.
    static func cellsDrawn(_ row: String) -> Int {
        var count = 0
        var inSequence = false
        for scalar in row.unicodeScalars {
            if inSequence {
                if (0x40...0x7E).contains(scalar.value), scalar != "[" { inSequence = false }
            } else if scalar == "\u{1B}" {
                inSequence = true
            } else {
                count += 1
            }
        }
        return count
    }

    private func safe(_ text: String) -> String {
        PrintableText.line(text)
    }
}
