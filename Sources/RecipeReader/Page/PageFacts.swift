import Entity
import PageReader
import TextSafety

/// What a page states about its recipe in words rather than markup: "Serves 4", "Servings" over
/// "6", "Total Time: 20 minutes", "Prep Time:" over "5 minutes". Read from the page's lines (as the
/// heading heuristic sees them) in order, the first statement of each kind counting; used only where
/// the structured data says nothing.
struct PageFacts {
    enum Limits {
        /// Longer lines are prose, not a label or a value.
        static let lineLength = 60
        static let lines = 20_000
    }

    var yields: String?
    var totalMinutes: Int?
    var prepMinutes: Int?
    var cookMinutes: Int?

    /// Where a line states several facts apart ("Serves 2 | Total time: 15 minutes").
    private static let separators = [" | ", " — ", " – ", " · ", " • "]

    /// The facts the page's lines state; where some are missing, also those its header or asides
    /// state beside the recipe ("4 personen", "Makes: 1"), which `blocks` leave out as the page's banner.
    init(blocks: [HeadingHeuristic.Block], tree: PageTree? = nil) {
        read(PageFacts.lines(blocks.prefix(Limits.lines).map(\.text)))
        if yields == nil || totalMinutes == nil, let tree {
            read(PageFacts.tableLines(in: tree))
        }
        if yields == nil || totalMinutes == nil, let tree {
            read(PageFacts.lines(PageFacts.besideLines(in: tree)))
        }
        if yields == nil, let tree, let count = PageFacts.classedYield(in: tree) { yields = YieldText.normalized(count) }
        if yields == nil, let tree, let count = PageFacts.iconYield(in: tree) { yields = YieldText.normalized(count) }
        if totalMinutes == nil, let prep = prepMinutes, let cook = cookMinutes { totalMinutes = prep + cook }
    }

    private mutating func read(_ lines: [String]) {
        for index in lines.indices {
            if lines[index].count <= Limits.lineLength {
                read(lines, at: index)
            } else if yields == nil, let (_, tail) = StepLines.trailingYield(lines[index]) {
                // "…freeze for up to 3 months. Serves 4": the yield printed after the method's last sentence.
                yields = YieldText.normalized(tail)
            }
            if yields != nil, totalMinutes != nil { break }
        }
    }

    /// The page's lines as facts are read from them: a short line that sets several facts apart split
    /// into them, each made plain (see `plain`).
    private static func lines(_ texts: [String]) -> [String] {
        var lines: [String] = []
        for text in texts {
            guard text.utf8.count <= Limits.lineLength * 4 else {
                lines.append(text)
                continue
            }
            var parts = [text]
            // (Each separator has a `|` or a byte that opens `—`, `–`, `·` or `•`.)
            let mayHold = text.utf8.contains { $0 == UInt8(ascii: "|") || $0 == 0xE2 || $0 == 0xC2 }
            for separator in separators where mayHold && text.contains(separator) {
                parts = parts.flatMap { $0.components(separatedBy: separator) }
            }
            // A slash sets facts apart only between labels and their values ("PORTIONS: 4 portions / TIME:
            // 25 min"); elsewhere it is part of one ("1 / 2 cup").
            parts = parts.flatMap { part in
                guard part.contains(" / "), case let pieces = part.components(separatedBy: " / "), pieces.allSatisfy({ $0.contains(":") }) else { return [part] }
                return pieces
            }
            lines += parts.map { plain($0.trimmingCharacters(in: .whitespaces)) }.filter { !$0.isEmpty }
        }
        return lines
    }

    /// Elements whose text is no fact about the recipe: menus and controls.
    private static let controls: Set<String> = ["nav", "button", "select", "label", "form", "footer"]

    /// The lines of the page's headers and asides, outside their menus and controls.
    private static func besideLines(in tree: PageTree) -> [String] {
        var lines: [String] = []
        var index = 0
        while index < tree.nodes.count, lines.count < Limits.lines {
            let node = tree.nodes[index]
            guard node.kind == .element else {
                index += 1
                continue
            }
            if controls.contains(node.name) {
                index = node.end
                continue
            }
            guard node.name == "header" || node.name == "aside" else {
                index += 1
                continue
            }
            var buffer = ""
            var position = index + 1
            while position < node.end {
                let inner = tree.nodes[position]
                if inner.kind == .element, controls.contains(inner.name) {
                    position = inner.end
                    continue
                }
                if inner.kind == .text {
                    if inner.breakBefore, !buffer.isEmpty {
                        lines.append(CleanText.line(buffer))
                        buffer = ""
                    }
                    buffer += tree.string(inner.range)
                } else if inner.kind == .element, inner.name == "br", !buffer.isEmpty {
                    lines.append(CleanText.line(buffer))
                    buffer = ""
                }
                position += 1
            }
            if !buffer.isEmpty { lines.append(CleanText.line(buffer)) }
            index = node.end
        }
        return lines.filter { !$0.isEmpty }
    }

    /// A table's facts as lines: a row of label cells over a row of values ("Prep time | Yields" over
    /// "15 minutes | 4 servings") read as "Prep time: 15 minutes", "Yields: 4 servings".
    private static func tableLines(in tree: PageTree) -> [String] {
        var lines: [String] = []
        var rows = 0
        for index in tree.nodes.indices where tree.nodes[index].kind == .element && tree.nodes[index].name == "tr" {
            rows += 1
            guard rows <= 200, lines.count < 40 else { break }
            let labels = cells(of: index, in: tree)
            guard labels.count >= 2, labels.contains(where: { PageFacts.labels[Folding.fold($0)] != nil }) else { continue }
            // The next row, right after this one's end.
            guard let next = tree.nextNonBlank(after: index), tree.nodes[next].kind == .element, tree.nodes[next].name == "tr" else { continue }
            let values = cells(of: next, in: tree)
            guard values.count == labels.count else { continue }
            for (label, value) in zip(labels, values) where PageFacts.labels[Folding.fold(label)] != nil && !value.isEmpty {
                lines.append(label + ": " + value)
            }
        }
        return lines
    }

    /// Words a class names a count of servings by (`<div class="item portions"><svg>…</svg><b>2</b></div>`,
    /// where an icon stands for the label).
    private static let yieldClasses: Set<String> = ["servings", "serving", "portions", "portion", "yield", "recipeyield", "serves", "persons", "people"]

    /// The count an element states by its class alone: a short number with nothing else, in a small
    /// element whose class names servings.
    private static func classedYield(in tree: PageTree) -> String? {
        for index in tree.nodes.indices where tree.nodes[index].kind == .element && tree.nodes[index].end - index <= 16 {
            guard tree.classes(index).contains(where: { yieldClasses.contains(Folding.fold($0)) }) else { continue }
            let text = CleanText.line(tree.text(of: index), maxLength: 40)
            if !text.isEmpty, text.count <= 3, text.allSatisfy({ $0.isASCII && $0.isNumber }), text != "0" { return text }
        }
        return nil
    }

    /// The count an icon labels: an element with no text whose label names servings (an image's
    /// `alt="ilość porcji"`, a `title`, or a name in an attribute, `data-icon="recipeServings"`), and
    /// right after it a short count ("8 os.", "4").
    private static func iconYield(in tree: PageTree) -> String? {
        for index in tree.nodes.indices where tree.nodes[index].kind == .element && tree.nodes[index].end - index <= 4 {
            let inner = index..<tree.nodes[index].end
            guard inner.allSatisfy({ tree.nodes[$0].kind == .element || tree.isBlank($0) }),
                  let next = tree.nextNonBlank(after: index), tree.nodes[next].kind != .raw, opensWithDigit(next, in: tree),
                  inner.contains(where: { namesServings(tree.attributeValues(of: $0)) }) else { continue }
            let text = CleanText.line(tree.text(of: next), maxLength: 40)
            if text.count <= 12, isValue(text, for: .yields) { return text }
        }
        return nil
    }

    /// Whether the first text in the node at `index` (within a few nodes) opens with a digit.
    private static func opensWithDigit(_ index: Int, in tree: PageTree) -> Bool {
        for position in index..<min(tree.nodes[index].end, index + 4) where tree.nodes[position].kind == .text && !tree.isBlank(position) {
            guard let byte = tree.nodes[position].range.lazy.map({ tree.bytes[$0] }).first(where: { !HTMLTokenizer.isWhitespace($0) }) else { return false }
            return (0x30...0x39).contains(byte)
        }
        return false
    }

    /// Whether an attribute's words name a count of servings: "ilość porcji", "recipeServings".
    private static func namesServings(_ values: [String]) -> Bool {
        values.contains { value in
            guard value.utf8.count <= 60 else { return false }
            var words: [String] = []
            var word = ""
            var previous: Character?
            for character in value {
                if !character.isLetter || (character.isUppercase && previous?.isLowercase == true) {
                    if !word.isEmpty { words.append(word) }
                    word = ""
                }
                if character.isLetter { word.append(character) }
                previous = character
            }
            if !word.isEmpty { words.append(word) }
            return words.contains { labels[Folding.fold($0)] == .yields }
        }
    }

    /// The texts of a row's cells, each short.
    private static func cells(of row: Int, in tree: PageTree) -> [String] {
        var texts: [String] = []
        var position = row + 1
        while position < tree.nodes[row].end, texts.count <= 12 {
            let node = tree.nodes[position]
            guard node.kind == .element, node.name == "td" || node.name == "th" else {
                position += 1
                continue
            }
            texts.append(CleanText.line(tree.text(of: position), maxLength: Limits.lineLength * 2))
            position = node.end
        }
        return texts
    }

    /// Labels, folded, and what they name.
    private enum Label { case yields, total, prep, cook }

    private static let labels: [String: Label] = {
        var table: [String: Label] = [:]
        for word in ["servings", "serves", "serving", "yield", "yields", "makes", "portions", "portionen", "porciones", "raciones",
                     "porzioni", "personen", "personnes", "persone", "personas", "porcje", "porsjoner", "adag", "rendimento", "porções",
                     "porce", "porcji", "osoby", "fő", "főre", "μερίδες", "分量", "份量"] {
            table[word] = .yields
        }
        for word in ["totaltime", "total", "time", "readyin", "prepcooktime", "prepandcooktime", "gesamtzeit", "zeitgesamt", "zeit",
                     "tempstotal", "tiempototal", "tempototale", "totaletijd", "tijd", "totaltid", "czas", "összidő"] {
            table[word] = .total
        }
        for word in ["preptime", "preparationtime", "prep", "vorbereitungszeit", "arbeitszeit", "tempsdepréparation",
                     "tiempodepreparación", "tempodipreparazione", "voorbereidingstijd", "bereidingstijd"] {
            table[word] = .prep
        }
        for word in ["cooktime", "cookingtime", "cook", "kochzeit", "backzeit", "garzeit", "tempsdecuisson", "cuisson",
                     "tiempodecocción", "tempodicottura", "kooktijd", "baktijd"] {
            table[word] = .cook
        }
        return table
    }()

    /// Small numbers written as words, in English ("Serves eight to ten").
    private static let numberWords: [String: String] = [
        "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
        "ten": "10", "eleven": "11", "twelve": "12", "fifteen": "15", "sixteen": "16", "eighteen": "18", "twenty": "20",
        "twenty-four": "24", "thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
    ]

    /// A short line as its facts are read: a label said twice once ("Makes" beside "Makes 12 to 16
    /// pieces"), numbers written as words as numbers ("Serves eight to ten" → "Serves 8 to 10").
    private static func plain(_ line: String) -> String {
        // Only a line that opens with a label ("Makes", "Serves") says it twice or counts in words.
        guard line.utf8.count <= Limits.lineLength * 2, let space = line.utf8.firstIndex(of: UInt8(ascii: " ")),
              labels[Folding.fold(String(line[..<space]))] != nil else { return line }
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count >= 3, Folding.fold(words[0]) == Folding.fold(words[1]) { words.removeFirst() }
        if words.contains(where: { numberWords[$0.lowercased()] != nil }) {
            words = words.map { numberWords[$0.lowercased()] ?? $0 }
        }
        return words.joined(separator: " ")
    }

    private mutating func read(_ lines: [String], at index: Int) {
        let line = lines[index]
        // "Ingredients for 5 (small) servings", "Zutaten für 4 Personen": the list's title states the yield.
        // (Also where the title says more before it: "Wat je nodig hebt voor 4 personen".)
        if yields == nil, line.utf8.contains(where: { (0x30...0x39).contains($0) }), case let words = line.split(separator: " "), words.count >= 3,
           let preposition = words.indices.dropFirst().dropLast().first(where: {
               ["for", "für", "voor", "pour", "per", "para"].contains(words[$0].lowercased()) && words[$0 + 1].first.map({ $0.isASCII && $0.isNumber }) == true
           }),
           SectionWords.kind(of: line) == .ingredients {
            yields = YieldText.normalized(words[(preposition + 1)...].joined(separator: " "))
            return
        }
        // "Serves 4", "4 adag", "Servings: 4": a yield on its own line.
        if yields == nil, line.contains(where: \.isLetter), YieldText.servings(in: line) != nil {
            yields = YieldText.normalized(line)
            return
        }
        // "Total Time: 20 minutes": a label and its value on one line.
        // (Also after a full-width colon: "分量：30 个".)
        if let colon = line.firstIndex(where: { $0 == ":" || $0 == "：" }) {
            let name = Folding.fold(String(line[..<colon]))
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let label = PageFacts.labels[name], !value.isEmpty {
                take(value, for: label)
                return
            }
            // "Serving Size: 4-6" counts servings; "Serving Size: 1 cup" is no yield.
            if name == "servingsize", !value.contains(where: \.isLetter) {
                take(value, for: .yields)
                return
            }
        }
        if line.lowercased().hasPrefix("ready in ") {
            take(String(line.dropFirst("ready in ".count)), for: .total)
            return
        }
        // "Makes 12 servings", "Prep & Cook Time 1 hour 20 minutes", "10 min Preparation Time": a label
        // and a plain value on one line, either way round.
        let words = line.split(whereSeparator: \.isWhitespace)
        if words.count >= 2 {
            for count in 1...min(4, words.count - 1) {
                if let label = PageFacts.labels[Folding.fold(words.prefix(count).joined())],
                   case let value = words.dropFirst(count).joined(separator: " "), isPlainValue(value, for: label) {
                    take(value, for: label)
                    return
                }
                if let label = PageFacts.labels[Folding.fold(words.suffix(count).joined())],
                   case let value = words.dropLast(count).joined(separator: " "), isPlainValue(value, for: label) {
                    if label == .yields, yields == nil, YieldText.servings(in: value) == nil {
                        // "2 - 4 porcje", "6/8 Personnes": a range's first count.
                        yields = YieldText.normalized(line)
                    } else {
                        take(value, for: label)
                    }
                    return
                }
            }
        }
        // A label on a line of its own, its value on the next line, or on the line before when the
        // page writes values over labels ("10 min" over "Preparation Time").
        guard let label = PageFacts.labels[Folding.fold(line)] else { return }
        let previous = index > 0 ? lines[index - 1] : nil
        let next = index + 1 < lines.count ? lines[index + 1] : nil
        if !line.hasSuffix(":"), let previous, isPlainValue(previous, for: label) {
            take(previous, for: label)
        } else if let next, next.count <= Limits.lineLength, Self.isValue(next, for: label) {
            take(next, for: label)
        }
    }

    /// Whether a line can be the value of a label: a count for a yield (`6`, `12 servings`, `20 to
    /// 22`), a duration with its unit for a time (`5 minutes`, `1 hour 20 minutes`).
    private static func isValue(_ text: String, for label: Label) -> Bool {
        switch label {
        case .yields:
            guard let first = text.first, first.isASCII, first.isNumber, text.count <= 24, !text.contains(":") else { return false }
            return Durations.minutes(text) == nil || !text.contains(where: \.isLetter)
        case .total, .prep, .cook:
            return text.contains(where: \.isLetter) && Durations.minutes(text) != nil
        }
    }

    /// A value with nothing else about it: a count for a yield, a duration and its units for a time.
    private func isPlainValue(_ text: String, for label: Label) -> Bool {
        switch label {
        case .yields: Self.isValue(text, for: label)
        case .total, .prep, .cook: Durations.isPlain(text)
        }
    }

    private mutating func take(_ value: String, for label: Label) {
        switch label {
        case .yields:
            if yields == nil, Self.isValue(value, for: .yields) { yields = YieldText.normalized(value) }
        case .total:
            if totalMinutes == nil, Self.isValue(value, for: .total) { totalMinutes = Durations.minutes(value) }
        case .prep:
            if prepMinutes == nil, Self.isValue(value, for: .prep) { prepMinutes = Durations.minutes(value) }
        case .cook:
            if cookMinutes == nil, Self.isValue(value, for: .cook) { cookMinutes = Durations.minutes(value) }
        }
    }
}
