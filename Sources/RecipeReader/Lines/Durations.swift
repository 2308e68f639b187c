import Foundation

/// Minutes from the ways pages write a duration: ISO 8601 (`PT1H30M`, `P0DT0H45M`, `PT90M`,
/// `PT1.5H`), or words (`1 hour 30 mins`, `45 min`, `1h30`, `1 Std. 20 Min.`), or a bare number of
/// minutes. Anything else, and anything longer than a year, is nil.
enum Durations {
    static func minutes(_ raw: String) -> Int? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count <= 200 else { return nil }
        if let first = text.first, first == "P" || first == "p" {
            return iso(text)
        }
        return words(text)
    }

    private static let maxMinutes = 525_600.0

    private static func rounded(_ minutes: Double) -> Int? {
        guard minutes.isFinite, minutes >= 0, minutes <= maxMinutes else { return nil }
        return Int(minutes.rounded())
    }

    /// `P[nY][nM][nW][nD][T[nH][nM][nS]]`, decimals allowed, case ignored.
    private static func iso(_ text: String) -> Int? {
        var total = 0.0
        var number = ""
        var inTime = false
        var sawComponent = false
        for character in text.uppercased().dropFirst() {
            switch character {
            case "0"..."9", ".", ",":
                number.append(character == "," ? "." : character)
            case "T":
                guard number.isEmpty else { return nil }
                inTime = true
            case "Y", "M", "W", "D", "H", "S":
                guard let value = Double(number) else { return nil }
                number = ""
                sawComponent = true
                switch (character, inTime) {
                case ("Y", false): total += value * 525_600
                case ("M", false): total += value * 43_200
                case ("W", false): total += value * 10_080
                case ("D", false): total += value * 1_440
                case ("H", true): total += value * 60
                case ("M", true): total += value
                case ("S", true): total += value / 60
                default: return nil
                }
            case " ":
                continue
            default:
                return nil
            }
        }
        guard sawComponent, number.isEmpty else { return nil }
        return rounded(total)
    }

    /// Numbers each followed by a unit word; a bare number is minutes.
    private static func words(_ text: String) -> Int? {
        let lower = text.lowercased()
        if let value = Double(lower), value >= 0 { return rounded(value) }
        var total = 0.0
        var sawUnit = false
        var number: Double?
        var index = lower.startIndex
        while index < lower.endIndex {
            let character = lower[index]
            if character.isNumber, character.isASCII {
                var end = index
                while end < lower.endIndex, lower[end].isASCII, lower[end].isNumber || lower[end] == "." || lower[end] == "," {
                    end = lower.index(after: end)
                }
                number = Double(lower[index..<end].replacingOccurrences(of: ",", with: "."))
                index = end
                continue
            }
            if character.isLetter {
                var end = index
                while end < lower.endIndex, lower[end].isLetter { end = lower.index(after: end) }
                let word = lower[index..<end]
                if let value = number, let factor = unit(word) {
                    total += value * factor
                    sawUnit = true
                    number = nil
                }
                index = end
                continue
            }
            index = lower.index(after: index)
        }
        if let trailing = number, sawUnit {
            // `1h30`: the minutes after an hour.
            total += trailing
        }
        guard sawUnit else { return nil }
        return rounded(total)
    }

    /// Whether text is a duration and nothing else: numbers and their unit words (`1 hour 20 minutes`,
    /// `10 min`, `1 Std. 20 Min.`), no other words and not a bare number.
    static func isPlain(_ text: String) -> Bool {
        guard text.utf8.count <= 60, minutes(text) != nil else { return false }
        // `20Min` is `20 Min`, `1h50` is `1 h 50`.
        var lower = ""
        var previous: Character?
        for character in text.lowercased() {
            if let previous, previous.isNumber != character.isNumber, previous.isLetter || character.isLetter { lower.append(" ") }
            lower.append(character)
            previous = character
        }
        var sawNumber = false
        var sawUnit = false
        for word in lower.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            if word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                sawNumber = true
            } else if unit(word) == nil {
                return false
            } else {
                sawUnit = true
            }
        }
        return sawNumber && sawUnit
    }

    /// Words for hours that start with an h ("2 hvitløkfedd" and "3 habaneros" are no durations).
    private static let hourWords: Set<Substring> = ["h", "hr", "hrs", "hs", "hod", "hodin", "hodiny", "hodina", "hora", "horas", "heure", "heures"]

    private static func unit(_ word: Substring) -> Double? {
        if word.hasPrefix("min") || word == "m" || word == "mins" || word == "minuten" || word == "minutter" || word == "perc" || word.hasPrefix("minut") {
            return 1
        }
        if hourWords.contains(word) || word.hasPrefix("hour") || word.hasPrefix("std") || word.hasPrefix("stund") || word.hasPrefix("uur") || word.hasPrefix("time") || word.hasPrefix("óra") || word.hasPrefix("godz") || word.hasPrefix("heure") || word.hasPrefix("ora") || word.hasPrefix("timm") {
            return 60
        }
        if word.hasPrefix("sec") || word == "s" { return 1.0 / 60 }
        if word.hasPrefix("day") || word.hasPrefix("tag") || word == "d" || word.hasPrefix("jour") { return 1_440 }
        return nil
    }
}
