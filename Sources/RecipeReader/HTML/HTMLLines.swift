import Entity
import PageReader

/// Lines of a text that may hold HTML (`<p>`, `<li>`, `<br>`) or newlines.
enum HTMLLines {
    static func lines(_ text: String) -> [String] {
        if containsTag(text) {
            let tree = PageTree("<div>" + text + "</div>")
            return tree.lines(of: 0).flatMap { splitNewlines($0) }
        }
        return splitNewlines(text)
    }

    private static func splitNewlines(_ text: String) -> [String] {
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return SchemaRecipeReader.isBlank(text) ? [] : [text] }
        return text.split(whereSeparator: \.isNewline).map(String.init).filter { !SchemaRecipeReader.isBlank($0) }
    }

    /// `<` followed by a letter, `/` or `!`.
    private static func containsTag(_ text: String) -> Bool {
        var previousWasOpen = false
        for byte in text.utf8 {
            if previousWasOpen, HTMLTokenizer.isASCIILetter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "!") { return true }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return false
    }
}
