// Standard library only: the HTTP files compile on their own into a fuzzing harness.

/// Whether a request's `Accept-Encoding` allows a gzip answer (RFC 9110 §12.5.3): `gzip` (or its old
/// name `x-gzip`) listed with a weight above zero, or, when neither is listed, `*` with one. A weight
/// is `q=` followed by `0`, `0.` and up to three digits, `1` or `1.` and up to three zeros, with optional
/// whitespace around `;` and `=`; an element that cannot be read (a bad weight, a stray character) is
/// passed over, and so is anything past `maxElements` elements. No header at all: identity only.
enum AcceptEncoding {
    static let maxElements = 64

    /// `values`: every `Accept-Encoding` field of the request, in order (they form one list).
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzip: Bool?
        var any: Bool?
        var elements = 0
        for value in values {
            for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                elements += 1
                guard elements <= maxElements else { break }
                guard let (coding, weight) = parse(element) else { continue }
                switch coding {
                case "gzip", "x-gzip": gzip = (gzip ?? false) || weight > 0
                case "*": any = (any ?? false) || weight > 0
                default: continue
                }
            }
        }
        return gzip ?? any ?? false
    }

    /// One list element: its coding (lower-cased) and weight in thousandths; nil when it is empty or
    /// cannot be read.
    static func parse(_ element: Substring.UTF8View.SubSequence) -> (coding: String, weight: Int)? {
        let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard let first = parts.first else { return nil }
        let coding = trimmed(first)
        guard !coding.isEmpty, coding.allSatisfy(isToken) else { return nil }
        var weight = 1_000
        for parameter in parts.dropFirst() {
            let text = trimmed(parameter)
            guard let equals = text.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let name = trimmed(text[text.startIndex..<equals])
            let value = trimmed(text[text.index(after: equals)...])
            guard name.count == 1, name[0] | 0x20 == UInt8(ascii: "q"), let parsed = qvalue(value) else { return nil }
            weight = parsed
        }
        return (String(decoding: coding.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self), weight)
    }

    /// `0`, `0.5`, `0.125`, `1`, `1.000` → thousandths; nil for anything else.
    static func qvalue(_ bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        if bytes.count == 1 { return first == UInt8(ascii: "1") ? 1_000 : 0 }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var thousandths = 0
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            thousandths += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        if first == UInt8(ascii: "1") { return thousandths == 0 ? 1_000 : nil }
        return thousandths
    }

    private static func trimmed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        let array = Array(bytes)
        guard let start = array.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
              let end = array.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return [] }
        return Array(array[start...end])
    }

    private static func isToken(_ byte: UInt8) -> Bool {
        RequestBytes.isToken(byte)
    }
}
