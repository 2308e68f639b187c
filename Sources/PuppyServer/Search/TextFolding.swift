import Foundation

/// How ingredient names are compared: trimmed, lower-case, inner whitespace runs as one space.
enum IngredientName {
    static func normalize(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// How titles and `q` are compared: case- and diacritic-folded words (letters and digits).
enum TitleWords {
    static func words(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }
}
