import Foundation

/// Yields as RecipeBook shows them: a bare number is servings (`4` → `4 servings`).
enum YieldText {
    static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Double(trimmed.replacingOccurrences(of: ",", with: ".")), number >= 0 {
            let shown = trimmed
            return number == 1 ? "\(shown) serving" : "\(shown) servings"
        }
        return trimmed
    }
}
