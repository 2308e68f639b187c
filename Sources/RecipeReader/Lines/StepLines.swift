import Foundation
import Entity
import TextSafety

/// Tidies the lines of a method the way every page needs it: numbering that the page wrote into the
/// text (`1. Preheat…`, `Step 2: Stir…`) goes (the list is numbered when shown), and steps that a page
/// ran together (`…with butter.2. To make the eggs…`) are split where the numbering goes on.
enum StepLines {
    /// `keepingLabels`: a line that is nothing but a step's label (`Étape 1`) stays, as structured data
    /// gives it; the page's own markup loses it.
    /// `removingBareNumbers`: a number the page's markup set before a step (`1` over `Preheat…`) goes too.
    static func tidy(_ instructions: [PageRecipe.Instruction], keepingLabels: Bool = false, removingBareNumbers: Bool = false) -> [PageRecipe.Instruction] {
        var result: [PageRecipe.Instruction] = []
        for instruction in instructions {
            guard instruction.kind == .step else {
                result.append(instruction)
                continue
            }
            for piece in splitRunTogether(instruction.text) {
                let clean = withoutBullet(CleanText.line(piece))
                // A number alone, set in an element of its own over its step (`<div>1</div>`), is no step.
                if !keepingLabels, clean.unicodeScalars.count <= 3, clean.allSatisfy(\.isASCII), clean.allSatisfy(\.isNumber) { continue }
                var text = withoutNumber(clean)
                if text.isEmpty, keepingLabels { text = clean }
                // The page's own markup sets a step's number apart (`1` over `Preheat…`).
                if removingBareNumbers { text = withoutBareNumber(text) }
                // A line of punctuation alone (`'`, `*`) says nothing.
                if text.contains(where: { $0.isLetter || $0.isNumber }) { result.append(.step(text)) }
            }
        }
        // The whole method given twice (a carousel of the steps, then the same steps as a list) is one
        // method: when it has steps of more than one text (a step said twice in a row is what the page says).
        let half = result.count / 2
        if half >= 2, result.count % 2 == 0, result[..<half].contains(where: { $0 != result[0] }), result[..<half].elementsEqual(result[half...]) {
            result.removeSubrange(half...)
        }
        return result
    }

    static let stepWords: Set<String> = [
        "step", "stap", "schritt", "étape", "etape", "paso", "passo", "trin", "steg", "krok", "lépés", "passo", "vaihe",
    ]

    /// Words that name a step or an instruction as such, for numbering labels.
    private static let instructionWords: Set<String> = [
        "instruction", "instructions", "instruktion", "instruktionen", "instruktioner", "anweisung", "instructie", "instructies",
        "istruzione", "instrucción", "instrução",
    ]

    /// Words that only say where a step comes in the order.
    private static let orderWords: Set<String> = [
        "first", "second", "third", "next", "last", "final", "erste", "erster", "zweite", "dritte", "nächste", "letzte",
        "första", "andra", "tredje", "nästa", "sista", "første", "anden", "næste", "sidste", "eerste", "tweede",
        "volgende", "laatste", "premier", "première", "deuxième", "suivante", "dernière", "primo", "secondo", "prossimo",
        "ultimo", "primer", "segundo", "siguiente", "último",
    ]

    /// A name that only numbers a step or a part ("Step 1", "First instruction", "Nästa instruktion"):
    /// a step word and an order word or number, nothing else.
    static func isNumberingLabel(_ name: String) -> Bool {
        // `step1` is `step 1`.
        var spaced = ""
        var previous: Character?
        for character in CleanText.line(name, maxLength: 80).lowercased() {
            if let previous, previous.isLetter != character.isLetter { spaced.append(" ") }
            spaced.append(character)
            previous = character
        }
        let words = spaced.split { !$0.isLetter && !$0.isNumber }
        guard words.count >= 2, words.count <= 3 else { return false }
        let namesStep = words.contains { stepWords.contains(String($0)) || instructionWords.contains(String($0)) }
        return namesStep && words.allSatisfy { word in
            stepWords.contains(String(word)) || instructionWords.contains(String(word)) || orderWords.contains(String(word))
                || word.allSatisfy(\.isNumber)
        }
    }

    /// A step's title that numbers it ("Step 1: Prep your ingredients"): a step word and a number among
    /// its words. Like a numbering label, it is no line of the method.
    static func isNumberedStepTitle(_ title: String) -> Bool {
        let words = CleanText.line(title, maxLength: 200).split { !$0.isLetter && !$0.isNumber }
        return words.contains { $0.allSatisfy(\.isNumber) } && words.contains { stepWords.contains($0.lowercased()) }
    }

    /// Lines that read like a method: most of them sentences, not names or prices.
    static func readLikeSteps(_ lines: [String]) -> Bool {
        guard !lines.isEmpty else { return false }
        let sentences = lines.filter { $0.count >= 30 || $0.hasSuffix(".") || $0.hasSuffix("!") }
        return sentences.count * 3 >= lines.count * 2
    }

    /// A bullet the page typed (`– Text`, `• Text`, `* Text`), or a box to tick (`▢ Text`) → `Text`.
    static func withoutBullet(_ line: String) -> String {
        guard let first = line.unicodeScalars.first, ["–", "-", "—", "•", "*", "·", "▪", "►", "✓", "✔", "▢", "☐", "□"].contains(first) else {
            return line
        }
        let rest = line.unicodeScalars.dropFirst()
        if rest.first == " " { return String(String.UnicodeScalarView(rest.dropFirst())) }
        // A sign that is only ever a bullet may touch its text ("▪1 lb ground beef"); a dash or a star
        // there is part of it ("-5 °C", "*optional").
        guard !["–", "-", "—", "*"].contains(first), let next = rest.first, next.properties.isAlphabetic || ("0"..."9").contains(next) else {
            return line
        }
        return String(String.UnicodeScalarView(rest))
    }

    /// `1. Text`, `1) Text`, `Step 1: Text`, `Schritt 01 Text` → `Text`.
    static func withoutNumber(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        // An optional step word.
        var word = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic, word.unicodeScalars.count < 10 {
            word.unicodeScalars.append(scalars[index])
            index += 1
        }
        let hasWord = !word.isEmpty && stepWords.contains(word.lowercased())
        if !hasWord { index = 0 }
        while index < scalars.count, scalars[index] == " " { index += 1 }
        let digitsStart = index
        while index < scalars.count, ("0"..."9").contains(scalars[index]), index - digitsStart < 3 { index += 1 }
        guard index > digitsStart else { return line }
        var punctuated = false
        while index < scalars.count, [".", ")", ":", "-", "–", "—", "/"].contains(scalars[index]) {
            punctuated = true
            index += 1
        }
        // `1Das Messer…`: a number printed against its step's first word.
        let gluedToWord = !hasWord && !punctuated && index + 1 < scalars.count && scalars[index].properties.isUppercase
            && scalars[index + 1].properties.isLowercase
        if gluedToWord { return String(String.UnicodeScalarView(scalars[index...])) }
        // (`1.奶油…`, `2.六寸…`: a script without capitals may follow the number's stop with no space.)
        guard index < scalars.count,
              scalars[index] == " " || ((punctuated || hasWord) && (scalars[index].properties.isUppercase || isCaseless(scalars[index], numeralsToo: true))) else {
            // `1 cup…` or `350°F`: a quantity, not a step number. The line is the number alone when it ends here.
            return index >= scalars.count && (hasWord || punctuated) ? "" : line
        }
        guard hasWord || punctuated else { return line }
        // (`STEP 1 | Preheat…`: a bar may set the label apart.)
        while index < scalars.count, scalars[index] == " " || (scalars[index] == "|" && hasWord) { index += 1 }
        return String(String.UnicodeScalarView(scalars[index...])).trimmingCharacters(in: .whitespaces)
    }

    /// A letter of a script without capitals (`鍋`, `に`, `김`), which may follow a step's number with no
    /// space; a numeral of such a script (`六`) only where `numeralsToo` (after the number's stop).
    private static func isCaseless(_ scalar: Unicode.Scalar, numeralsToo: Bool = false) -> Bool {
        scalar.value >= 0x3000 && scalar.properties.isAlphabetic && (numeralsToo || scalar.properties.numericType == nil)
    }

    /// `1 Preheat…` → `Preheat…`, `1鍋に…` → `鍋に…`: a number before a step's first word, when that word is
    /// no unit (`1 cup…` stays).
    static func withoutBareNumber(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]), index < 3 { index += 1 }
        guard index > 0, index < scalars.count, !("0"..."9").contains(scalars[index]) else { return line }
        if scalars[index] == " " {
            let rest = String(String.UnicodeScalarView(scalars[(index + 1)...]))
            guard let first = rest.unicodeScalars.first, first.properties.isUppercase || isCaseless(first), !Amounts.startsWithAmount(rest) else { return line }
            return rest
        }
        // A word in a script without capitals (`鍋に`) may follow with no space.
        guard isCaseless(scalars[index]) else { return line }
        return String(String.UnicodeScalarView(scalars[index...]))
    }

    /// `1. A.2. B. 3. C` → `1. A.`, `2. B.`, `3. C`, only when the line starts at 1 and each number follows the last.
    static func splitRunTogether(_ line: String) -> [String] {
        guard line.hasPrefix("1.") || line.hasPrefix("1)"), line.contains("2") else { return [line] }
        var pieces: [String] = []
        var current = ""
        var next = 2
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            let label = String(next)
            let labelCharacters = Array(label)
            if index > 0, index + labelCharacters.count < characters.count,
               Array(characters[index..<(index + labelCharacters.count)]) == labelCharacters,
               characters[index + labelCharacters.count] == "." || characters[index + labelCharacters.count] == ")",
               [".", "!", "?", ")", " "].contains(characters[index - 1]),
               // (A digit after the stop is a decimal, `2.5`; a numeral of another script, `2.六寸`, is the step's first word.)
               index + labelCharacters.count + 1 < characters.count, !("0"..."9").contains(characters[index + labelCharacters.count + 1]) {
                pieces.append(current)
                current = ""
                next += 1
            }
            current.append(characters[index])
            index += 1
        }
        pieces.append(current)
        return pieces.count > 1 ? pieces : [line]
    }
}

extension StepLines {
    /// `…serve with the dip. Serves 4` → `…serve with the dip.`: the yield the page printed after a
    /// step's last sentence, with no full stop of its own, is a label, not part of the step. A yield
    /// written as a sentence (`Makes 6 servings.`) is the step's text and stays.
    static func withoutTrailingYield(_ text: String) -> String {
        guard let (body, _) = trailingYield(text) else { return text }
        return body
    }

    /// A step split before the yield printed after its last sentence (`Serves 4`), when it has one.
    static func trailingYield(_ text: String) -> (body: String, yield: String)? {
        // (Most steps end with a full stop: they are passed before any work.)
        guard let end = text.last(where: { $0 != " " }), end.isLetter || end.isNumber, text.utf8.count <= PageRecipe.Limits.stepLength else { return nil }
        let body = Substring(text.trimmingCharacters(in: .whitespaces))
        guard let last = body.last, last.isLetter || last.isNumber, let stop = body.lastIndex(where: { $0 == "." || $0 == "!" }), stop > body.startIndex else { return nil }
        let tail = body[body.index(after: stop)...].trimmingCharacters(in: .whitespaces)
        guard !tail.isEmpty, tail.count <= 30, tail.first?.isUppercase == true,
              tail.split(whereSeparator: \.isWhitespace).count <= 4, YieldText.statesServings(tail) else { return nil }
        return (String(body[...stop]), tail)
    }
}

extension StepLines {
    /// Whether the page's method says what the structured one says and goes on for at least two more
    /// steps that read like steps: a structured method cut short.
    static func continues(_ shown: [PageRecipe.Instruction], _ structured: [PageRecipe.Instruction]) -> Bool {
        let shownSteps = shown.filter { $0.kind == .step }
        let structuredCount = structured.filter { $0.kind == .step }.count
        guard shownSteps.count >= structuredCount + 2 else { return false }
        let shownText = Folding.fold(shownSteps.map { withoutNumber($0.text) }.joined())
        let text = Folding.fold(structured.map(\.text).joined())
        guard !text.isEmpty, shownText.hasPrefix(text) else { return false }
        return readLikeSteps(shownSteps.dropFirst(structuredCount).map(\.text))
    }
}

extension StepLines {
    /// The lines of a method the data gives as one text: a line that is only a step's label (`Stap 1:`,
    /// `2:`) is no step, and where the text numbers its steps so, a short title over a group of them
    /// (`Pizzadeeg`, `Opbouw pizza`: a few words, no punctuation of its own) is none either. An entry
    /// the data gives on its own is kept as given (`Étape 1`), and so is a title ending in a colon
    /// (`Butter block:`), the way a group's name is written in running text.
    static func withoutLabelsAndTitles(_ lines: [String]) -> [String] {
        guard lines.count > 1 else { return lines }
        let labels = lines.map { isLabelOnly(CleanText.line($0, maxLength: 80)) }
        guard labels.contains(true) else { return lines }
        var kept: [String] = []
        for (index, line) in lines.enumerated() where !labels[index] {
            let followed = index + 1 < lines.count
            if followed, isGroupTitle(CleanText.line(line, maxLength: 80)) { continue }
            kept.append(line)
        }
        return kept
    }

    /// `Stap 1:`, `Step 2`, `3:`: a step's number, with or without its word, and nothing else.
    static func isLabelOnly(_ line: String) -> Bool {
        guard line.contains(where: \.isNumber) else { return false }
        return withoutNumber(line).isEmpty || isNumberingLabel(line)
    }

    /// A few words starting with a capital and ending in a letter: no sentence, no label.
    private static func isGroupTitle(_ line: String) -> Bool {
        guard line.count <= 40, let first = line.first, first.isUppercase, let last = line.last, last.isLetter else { return false }
        return !line.contains(where: \.isNumber) && line.split(whereSeparator: \.isWhitespace).count <= 4
    }
}

extension StepLines {
    /// Steps the data split inside brackets (`Heat the oven to 180 °C (th.` over `6).`) as one: a step
    /// that leaves a bracket open runs on into the next that closes it, two steps on at the most.
    static func joiningOpenBrackets(_ instructions: [PageRecipe.Instruction]) -> [PageRecipe.Instruction] {
        func depth(_ text: String) -> Int {
            text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "(") ? 1 : $1 == UInt8(ascii: ")") ? -1 : 0) }
        }
        guard instructions.count >= 2, instructions.contains(where: { $0.kind == .step && depth($0.text) > 0 }) else { return instructions }
        var result: [PageRecipe.Instruction] = []
        var index = 0
        while index < instructions.count {
            var text = instructions[index].text
            var open = depth(text)
            var end = index + 1
            if instructions[index].kind == .step, open > 0 {
                var next = index + 1
                var joined = text
                while next < instructions.count, next - index <= 2, instructions[next].kind == .step, open > 0 {
                    joined += " " + instructions[next].text.trimmingCharacters(in: .whitespaces)
                    open += depth(instructions[next].text)
                    next += 1
                }
                if open <= 0 {
                    text = joined
                    end = next
                }
            }
            result.append(instructions[index].kind == .step ? .step(text) : instructions[index])
            index = end
        }
        return result
    }

    /// A text broken into lines at a width, as for print ("…then whisk to" over "combine. Melt…"): a
    /// line that ends with no stop and the next that starts in lower case are one sentence.
    static func unwrapped(_ lines: [String]) -> [String] {
        guard lines.count >= 2 else { return lines }
        var result: [String] = []
        for line in lines {
            if let last = result.last, let end = last.last(where: { !$0.isWhitespace }), !".!?:;".contains(end),
               let first = line.first(where: { !$0.isWhitespace }), first.isLowercase {
                result[result.count - 1] = last.trimmingCharacters(in: .whitespaces) + " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                result.append(line)
            }
        }
        return result
    }
}
