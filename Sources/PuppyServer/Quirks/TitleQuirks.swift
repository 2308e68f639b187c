/// The title habits of the real service: padding (`\r\n\t` runs, double spaces) and HTML entities.
/// Decoding the entities, trimming and collapsing whitespace gives back the catalog title exactly.
struct TitleQuirks: Sendable {
    let seed: UInt64
    let padding: Bool
    let entities: Bool

    func title(_ title: String, id: String) -> String {
        let base = StableHash(seed: seed).adding(id)
        var result = title
        if entities, base.adding(Decision.entities).roll(4) == 0 {
            result = Self.encodeEntities(result, hash: base.adding(Decision.entityForm))
        }
        if padding, base.adding(Decision.padding).roll(4) == 0 {
            result = Self.pad(result, style: base.adding(Decision.paddingStyle).roll(7))
        }
        return result
    }

    /// The runs real answers carried, in about the shares they came in: `"\nTitle\n\n"` most often,
    /// then the two long `\r\n\t` runs, `" \r\n\t\t\n"`, `" \r\n\r\n"`, and a double space inside.
    static func pad(_ title: String, style: Int) -> String {
        switch style {
        case 0: return title + " \r\n\t\t\n"
        case 1, 5: return "\n" + title + "\n\n"
        case 2: return title + " \r\n\t\t\r\n\t\r\n\t\t\r\n\t\r\n\t\t\r\n\t\r\n\t\r\n\r\n"
        case 3: return doubleSpaced(title) ?? title + " \r\n\t\t\n"
        case 4: return title + " \r\n\r\n"
        default: return title + " \r\n\t\t\r\n\t\r\n\t\t\r\n\t\r\n\t\r\n\r\n"
        }
    }

    private static func doubleSpaced(_ title: String) -> String? {
        guard let space = title.firstIndex(of: " ") else { return nil }
        var result = title
        result.insert(" ", at: space)
        return result
    }

    /// The entities real titles carried: `&` → `&amp;`, non-ASCII scalars numeric (`&#233;`, `&#174;`) or,
    /// where HTML names a letter, named (`&eacute;`, `&Eacute;`): the choice per scalar from the hash.
    /// Apostrophes, quotes and angle brackets stay as they are, as they did there.
    static func encodeEntities(_ title: String, hash: StableHash) -> String {
        var result = ""
        for (offset, scalar) in title.unicodeScalars.enumerated() {
            switch scalar {
            case "&": result += "&amp;"
            default:
                guard !scalar.isASCII else {
                    result.unicodeScalars.append(scalar)
                    continue
                }
                if let name = namedEntities[scalar.value], (0xC0...0xFF).contains(scalar.value), hash.roll(2, draw: offset) == 0 {
                    result += "&\(name);"
                } else {
                    result += "&#\(scalar.value);"
                }
            }
        }
        return result
    }

    /// HTML 4 names for Latin-1 letters and a few symbols found in recipe titles.
    static let namedEntities: [UInt32: String] = {
        let upper = ["Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
                     "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
                     "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
                     "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig"]
        let lower = ["agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
                     "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
                     "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
                     "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml"]
        var table: [UInt32: String] = [0xA9: "copy", 0xAE: "reg", 0xB0: "deg", 0xBD: "frac12",
                                       0x152: "OElig", 0x153: "oelig", 0x160: "Scaron", 0x161: "scaron",
                                       0x2122: "trade", 0x2013: "ndash", 0x2014: "mdash"]
        for (offset, name) in upper.enumerated() { table[0xC0 + UInt32(offset)] = name }
        for (offset, name) in lower.enumerated() { table[0xE0 + UInt32(offset)] = name }
        return table
    }()
}
