import Foundation

/// Yields as RecipeBook shows them: a count of people or portions, however the page words it, is
/// servings (`4`, `4 persons`, `Serves 4`, `Für 4 Personen`, `6 PORSJONER` → `4 servings`); any other
/// yield (`12 cookies`, `2 loaves`, `4 to 6 servings`) stays as the page says it.
enum YieldText {
    static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let count = servings(in: trimmed) {
            return count == "1" ? "1 serving" : "\(count) servings"
        }
        return trimmed
    }

    /// Words that say the number counts people or portions, in the languages RecipeBook meets.
    private static let servingWords: Set<String> = [
        "serving", "servings", "serves", "person", "persons", "people", "pers", "personen", "persoon", "personne",
        "personnes", "persona", "personas", "persone", "personer", "portion", "portions", "portionen", "portioner",
        "portie", "porties", "porsjon", "porsjoner", "port", "porción", "porciones", "porzione", "porzioni", "porcja",
        "porcje", "porcji", "adag",
    ]

    /// Words that may come before the number (`Serves 4`, `Für 4 Personen`, `Servings: 4`).
    private static let leadWords: Set<String> = ["serves", "serving", "servings", "for", "für", "voor", "pour", "para", "per", "portions", "portionen"]

    /// The number of servings when the text is only a count of them, written as the page wrote it
    /// (a whole number's `.0` left out), else nil.
    static func servings(in text: String) -> String? {
        guard text.utf8.count <= 80 else { return nil }
        var number: String?
        var wordsBefore: [String] = []
        var wordsAfter: [String] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isASCII, character.isNumber {
                guard number == nil else { return nil }
                var end = index
                while end < text.endIndex, text[end].isASCII,
                      text[end].isNumber || ((text[end] == "." || text[end] == ",") && text.index(after: end) < text.endIndex
                          && text[text.index(after: end)].isASCII && text[text.index(after: end)].isNumber) {
                    end = text.index(after: end)
                }
                number = String(text[index..<end])
                index = end
            } else if character.isLetter {
                var end = index
                while end < text.endIndex, text[end].isLetter { end = text.index(after: end) }
                let word = text[index..<end].lowercased()
                if number == nil { wordsBefore.append(word) } else { wordsAfter.append(word) }
                index = end
            } else if character.isWhitespace || ":.()".contains(character) {
                index = text.index(after: index)
            } else {
                return nil
            }
        }
        guard let number else { return nil }
        // `serving(s)`: the plural's letter on its own.
        if wordsAfter.count == 2, wordsAfter[1] == "s" { wordsAfter.removeLast() }
        guard wordsBefore.allSatisfy({ leadWords.contains($0) }), wordsAfter.count <= 1,
              wordsAfter.allSatisfy({ servingWords.contains($0) }) else { return nil }
        let saysServings = !wordsAfter.isEmpty || wordsBefore.contains { servingWords.contains($0) || $0 == "portions" || $0 == "portionen" }
        guard saysServings || wordsBefore.isEmpty else { return nil }
        return wholeNumber(number)
    }

    /// `4.0` → `4`; anything else as it is.
    private static func wholeNumber(_ number: String) -> String {
        for separator in [".", ","] {
            if let range = number.range(of: separator), number[range.upperBound...].allSatisfy({ $0 == "0" }) {
                return String(number[..<range.lowerBound])
            }
        }
        return number
    }
}
