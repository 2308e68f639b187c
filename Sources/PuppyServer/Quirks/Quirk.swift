import Foundation

/// The real RecipePuppy's habits, each switchable on its own (`--quirks padding,entities`) or all at
/// once (`--quirks realistic`). Every decision is a pure function of the seed and the recipe id or the
/// query and page, so two servers with the same seed answer byte for byte the same.
public enum Quirk: String, CaseIterable, Sendable, Comparable {
    /// About a quarter of titles wrapped in `\r\n\t` runs and/or with a double space inside.
    case padding
    /// About a quarter of titles with `&amp;`, `&#39;`, numeric and named (`&Eacute;`) entities.
    case entities
    /// Empty pages inserted among a query's real pages.
    case gaps
    /// HTTP 500 pages with an HTML body inserted among a query's real pages.
    case errors
    /// 200 pages whose body is broken JSON inserted among a query's real pages.
    case malformed
    /// Recipes from earlier pages appearing again later, sometimes under an equivalent href.
    case duplicates
    /// About two results in seven with `"thumbnail":""`.
    case thumbnails
    /// The same recipe twice on one page, the second time under its href with a `?cm_re=` tracking
    /// query: a different href, so a client that tells recipes apart by href shows it twice.
    case tracking
    /// Ingredient names matched only as written (`cheese` finds a recipe listing `cheese`, not one
    /// listing `feta`), and no `X-Ingredient-Matching: kinds` header on API answers: a server as literal
    /// as the real service, for the client's widening to be seen against.
    case literal

    /// What the real service did on a bad day, in every way a client that drops repeated hrefs still
    /// sees each match once: every quirk but `tracking` and `literal` (a way of matching, not of failing).
    public static let realistic = Set(allCases).subtracting([.tracking, .literal])

    /// Parses `padding,entities`, `realistic`, `all` (`realistic` and `tracking`), `literal` or `none` / ""
    /// (no quirks).
    public static func parseList(_ text: String) throws(QuirkListError) -> Set<Quirk> {
        var quirks: Set<Quirk> = []
        for item in text.split(separator: ",") {
            let name = item.trimmingCharacters(in: .whitespaces).lowercased()
            switch name {
            case "", "none": continue
            case "realistic": quirks.formUnion(realistic)
            case "all": quirks.formUnion(realistic.union([.tracking]))
            default:
                guard let quirk = Quirk(rawValue: name) else { throw QuirkListError(name: String(item)) }
                quirks.insert(quirk)
            }
        }
        return quirks
    }

    /// `padding,entities` in declaration order, or `none`.
    public static func describe(_ quirks: Set<Quirk>) -> String {
        quirks.isEmpty ? "none" : quirks.sorted().map(\.rawValue).joined(separator: ",")
    }

    public static func < (lhs: Quirk, rhs: Quirk) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

public struct QuirkListError: Error, Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public var description: String {
        let known = (Quirk.allCases.map(\.rawValue) + ["realistic", "all", "none"]).joined(separator: ", ")
        return "unknown quirk \"\(name)\" (known: \(known))"
    }
}
