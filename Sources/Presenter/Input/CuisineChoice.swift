public import Entity

/// The cuisines a filter may name: those of `Cuisines.common` and any a server has shown. One place for
/// the prompt's `filter cuisine` and the command line's `--cuisine`, so both refuse the same names.
public enum CuisineChoice {
    /// The cuisine `typed` names as `known` spells it (`thai` is `Thai`), or nil.
    public static func named(_ typed: String, seen: [String] = []) -> String? {
        Cuisines.named(typed, among: known(seen: seen))
    }

    /// The cuisines seen, then the common ones, each once.
    public static func known(seen: [String] = []) -> [String] {
        var folded = Set<String>()
        return (seen + Cuisines.common).filter { folded.insert(IngredientName.folded($0)).inserted }
    }

    /// What the command line says of a cuisine it does not know.
    public static func unknownOnCommandLine(_ typed: String) -> String {
        "--cuisine knows no cuisine \"\(typed)\"; the cuisines are: \(known().joined(separator: ", "))"
    }
}
