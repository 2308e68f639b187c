/// Decodes HTML character references the way old recipe sites sent them.
///
/// Named (`&amp;`, `&eacute;`), upper-case named (`&Eacute;`, `&AMP;`), decimal (`&#233;`) and
/// hexadecimal (`&#xE9;`) references are decoded; anything else, including a raw `&` or a reference
/// without its closing `;`, is left exactly as it was. Decoding is a single pass: `&amp;amp;` becomes
/// `&amp;`.
public enum HTMLEntities {
    public static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let (decoded, length) = reference(in: scalars, at: index) {
                output.append(decoded)
                index += length
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }

    /// The scalar a reference starting at `start` (an `&`) stands for, and how many scalars it spans.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(scalars.count, start + 2 + max(NamedEntities.longestName, 8))
        guard let semicolon = (start + 1..<limit).first(where: { scalars[$0] == ";" }) else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
        let length = semicolon - start + 1
        if body.hasPrefix("#") {
            return numericReference(body.dropFirst()).map { ($0, length) }
        }
        if let value = NamedEntities.table[body] ?? upperCaseFallback(body), let decoded = Unicode.Scalar(value) {
            return (decoded, length)
        }
        return nil
    }

    /// `&AMP;`, `&QUOT;`: all-capital spellings of names whose lower-case form is the only one defined.
    private static func upperCaseFallback(_ name: String) -> UInt32? {
        guard name == name.uppercased(), name != name.lowercased() else { return nil }
        return NamedEntities.table[name.lowercased()]
    }

    private static func numericReference(_ digits: Substring) -> Unicode.Scalar? {
        let value: UInt32?
        if let first = digits.first, first == "x" || first == "X" {
            let hex = digits.dropFirst()
            value = hex.isEmpty || hex.count > 6 ? nil : UInt32(hex, radix: 16)
        } else {
            value = digits.isEmpty || digits.count > 7 ? nil : UInt32(digits, radix: 10)
        }
        guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
        return scalar
    }
}
