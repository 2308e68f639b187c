import Foundation
import Entity
import TextSafety

/// The cookbook's Markdown. Every string that came from a server or a page is written with
/// `escape`, so it reads as the text it is whatever it holds: emphasis, links, headings, code, HTML,
/// entities, list markers and line breaks all come out as plain characters, in CommonMark and in
/// GitHub's Markdown alike.
enum CookbookMarkdown {
    /// The cookbook's first lines.
    static func header(count: Int, words: String) -> String {
        let matching = words.isEmpty ? "" : " matching " + escape(words)
        return "# My RecipeBook favorites\n\n\(count) recipe\(count == 1 ? "" : "s")\(matching), newest first.\n\n"
    }

    /// A favorite's section: its title, picture, facts, ingredients and method. `picture` is the
    /// picture's link, relative to the cookbook, when it was written beside it.
    static func recipe(_ favorite: Favorite, picture: String?) -> String {
        let recipe = favorite.recipe
        let found = favorite.page?.recipe
        var lines = ["## " + escape(recipe.title), ""]
        if let picture { lines += ["![Picture of \(escape(recipe.title))](\(picture))", ""] }
        lines.append("- Source: " + (autolink(recipe.href) ?? escape(recipe.href)))
        if let original = found?.basedOnURL { lines.append("- Original: " + (autolink(original) ?? escape(original))) }
        if let found, let credit = RecipeCardFormatter.credit(found) { lines.append("- Credit: " + escape(credit)) }
        if let yields = found?.yields { lines.append("- Yields: " + escape(yields)) }
        if let minutes = found?.totalMinutes { lines.append("- Total time: " + duration(minutes)) }
        lines.append("- Saved: " + ISO8601DateFormatter().string(from: favorite.savedAt))
        let lactose = LactoseRule.triggers(in: found?.ingredients ?? recipe.ingredients)
        if !lactose.isEmpty { lines.append("- Lactose: " + lactose.map(escape).joined(separator: ", ")) }
        lines.append("")
        if let description = found?.description { lines += [escape(description), ""] }
        if let found, !found.ingredientGroups.isEmpty || !found.instructions.isEmpty {
            lines += ingredients(found) + method(found)
        } else {
            lines += searchIngredients(favorite)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The ingredient lines by group, each named group under a heading of its own.
    private static func ingredients(_ recipe: PageRecipe) -> [String] {
        guard !recipe.ingredientGroups.isEmpty else { return [] }
        var lines = ["### Ingredients", ""]
        for group in recipe.ingredientGroups {
            if let name = group.name { lines += ["#### " + escape(name), ""] }
            lines += group.lines.map { "- " + escape($0) }
            lines.append("")
        }
        return lines
    }

    /// The steps, numbered through the whole method, with its section headings kept as headings.
    private static func method(_ recipe: PageRecipe) -> [String] {
        guard !recipe.instructions.isEmpty else { return [] }
        var lines = ["### Method", ""]
        var number = 0
        var inList = false
        for instruction in recipe.instructions {
            switch instruction.kind {
            case .section:
                if inList { lines.append("") }
                lines += ["#### " + escape(instruction.text), ""]
                inList = false
            case .step:
                number += 1
                lines.append("\(number). " + escape(instruction.text))
                inList = true
            }
        }
        if inList { lines.append("") }
        return lines
    }

    /// For a favorite whose page holds no recipe (or was not saved): the search result's ingredients,
    /// a note saying so, and the page's text when it was saved.
    private static func searchIngredients(_ favorite: Favorite) -> [String] {
        var lines = ["### Ingredients", ""]
        lines += favorite.recipe.ingredients.map { "- " + escape($0) }
        lines.append("")
        let note = favorite.page == nil
            ? "*Its page was not saved: these are the ingredients the search gave. `refresh` on the favorites screen fetches the page.*"
            : "*No recipe was found on its page: these are the ingredients the search gave, and the page's text follows.*"
        lines += [note, ""]
        guard let page = favorite.page else { return lines }
        lines += ["### From the recipe's page", ""]
        for block in page.document.blocks {
            switch block {
            case .heading(_, let text): lines += ["**\(escape(text))**", ""]
            case .paragraph(let text): lines += [escape(text), ""]
            case .listItem(_, let text, let depth): lines += [String(repeating: "  ", count: min(depth, 8)) + "- " + escape(text)]
            case .preformatted(let text): lines += ["", "```", fenced(text), "```", ""]
            case .rule: lines += ["", "---", ""]
            }
        }
        lines.append("")
        return lines
    }

    // MARK: Escaping

    /// Characters that mean something to Markdown anywhere in a line (with `$` for GitHub's maths and
    /// `~` for its strike-through).
    private static let special: Set<Character> = ["\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "#", "|", "&", "~", "$", "!"]

    /// `text` as Markdown text on one line that means only itself. Escape sequences go whole
    /// (`TerminalText`), line breaks, tabs and other spaces become single spaces and control characters
    /// are dropped, so the text cannot end its block nor act on a terminal showing the file;
    /// every special character is escaped with a backslash; and a start that would open a block (a
    /// list item, `1.`, `+`, `-`, `=`) is escaped too, as the text may begin a line or a list item.
    static func escape(_ text: String) -> String {
        var result = ""
        var pendingSpace = false
        for character in TerminalText.line(text) {
            if character.isWhitespace || character.isNewline {
                pendingSpace = !result.isEmpty
                continue
            }
            if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            if special.contains(character) { result.append("\\") }
            result.append(character)
        }
        return escapedStart(result)
    }

    /// `text` with a start that would open a block escaped: `-`, `+` or `=` first, or digits followed by
    /// `.` or `)` (an ordered list).
    private static func escapedStart(_ text: String) -> String {
        guard let first = text.first else { return text }
        if first == "-" || first == "+" || first == "=" { return "\\" + text }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = text.dropFirst(digits.count).first, after == "." || after == ")" {
            return digits + "\\" + text.dropFirst(digits.count)
        }
        return text
    }

    /// Preformatted text inside a ``` fence: printable (`TerminalText`, lines kept), and no line of it
    /// can close the fence.
    private static func fenced(_ text: String) -> String {
        TerminalText.block(text).replacingOccurrences(of: "```", with: "'''")
    }

    /// `<address>` for an http or https address, anything an autolink cannot hold percent-encoded;
    /// nil for any other kind of address, which is then shown as text, not linked.
    static func autolink(_ address: String) -> String? {
        let lower = address.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        return "<" + percentEncoded(address, keeping: "-._~:/?#[]@!$&'()*+,;=%") + ">"
    }

    /// A relative link to a picture in the pictures folder: both parts percent-encoded beyond the
    /// unreserved characters, so the link cannot leave its parentheses.
    static func pictureLink(folder: String, fileName: String) -> String {
        percentEncoded(folder, keeping: "-._~") + "/" + percentEncoded(fileName, keeping: "-._~")
    }

    private static func percentEncoded(_ text: String, keeping kept: String) -> String {
        let keep = Set(kept.utf8)
        var result = ""
        for byte in text.utf8 {
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if isAlphanumeric || keep.contains(byte) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// `45 min`, `2 h`, `1 h 30 min`.
    static func duration(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}
