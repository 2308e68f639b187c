import Entity
import TextSafety

/// Text folded for comparison: lower-case letters and digits only.
enum Folding {
    static func fold(_ text: String, limit: Int = .max) -> String {
        let source = text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") }) ? CleanText.line(text) : text
        var output = String.UnicodeScalarView()
        var count = 0
        for scalar in source.unicodeScalars {
            guard count < limit else { break }
            let value = scalar.value
            if value < 0x80 {
                if (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) {
                    output.append(scalar)
                    count += 1
                } else if (0x41...0x5A).contains(value), let lower = Unicode.Scalar(value | 0x20) {
                    output.append(lower)
                    count += 1
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                output.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                count += 1
            }
        }
        return String(output)
    }
}

extension Folding {
    /// Text cleaned as `CleanText.line` cleans it, without the work when it holds nothing to clean (no
    /// reference, tag or control character): text read from the page tree mostly is clean already.
    static func clean(_ text: String, maxLength: Int) -> String {
        guard text.utf8.count > maxLength || text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 < 0x20 })
        else { return text }
        return CleanText.line(text, maxLength: maxLength)
    }
}

