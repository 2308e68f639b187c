public import Foundation

/// Turns a response body into text, honouring its character set as a browser would: a byte-order
/// mark first, then the charset the transport read from `Content-Type`, then a `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="...; charset=...">` in the first bytes, and otherwise
/// UTF-8, with Windows-1252 (which browsers also use for ISO-8859-1 and ASCII) when the bytes are not
/// valid UTF-8. Pure and linear in the body's size.
public enum PageText {
    /// How far into the body a `<meta>` charset is looked for.
    static let prescanBytes = 4_096

    public static func decode(_ body: Data, headerCharset: String?) -> String {
        let bytes = [UInt8](body)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        let declared = headerCharset.flatMap(Encoding.init(label:)) ?? metaCharset(in: bytes).flatMap(Encoding.init(label:))
        switch declared {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .windows1252:
            return windows1252(bytes)
        case .iso885915:
            return iso885915(bytes)
        case .utf16BigEndian:
            return utf16(bytes[...], bigEndian: true)
        case .utf16LittleEndian:
            return utf16(bytes[...], bigEndian: false)
        case .foundation(let encoding):
            if let text = String(data: body, encoding: encoding) { return text }
            return String(decoding: bytes, as: UTF8.self)
        case nil:
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            return windows1252(bytes)
        }
    }

    /// The `charset` parameter of a `Content-Type` value (`text/html; charset="ISO-8859-1"` → `ISO-8859-1`).
    public static func charset(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    enum Encoding: Equatable {
        case utf8, windows1252, iso885915, utf16BigEndian, utf16LittleEndian
        case foundation(String.Encoding)

        init?(label: String) {
            switch label.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "utf-8", "utf8", "unicode-1-1-utf-8", "x-unicode20utf8": self = .utf8
            case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1",
                 "us-ascii", "ascii", "iso-ir-100", "cp819", "ibm819", "csisolatin1":
                self = .windows1252
            case "iso-8859-15", "iso8859-15", "latin-9", "l9": self = .iso885915
            case "utf-16be": self = .utf16BigEndian
            case "utf-16", "utf-16le": self = .utf16LittleEndian
            case "shift_jis", "shift-jis", "sjis", "windows-31j", "ms_kanji": self = .foundation(.shiftJIS)
            case "euc-jp": self = .foundation(.japaneseEUC)
            case "iso-2022-jp": self = .foundation(.iso2022JP)
            case "windows-1251", "cp1251": self = .foundation(.windowsCP1251)
            case "windows-1250", "cp1250": self = .foundation(.windowsCP1250)
            case "iso-8859-2", "latin2": self = .foundation(.isoLatin2)
            default: return nil
            }
        }
    }

    /// The charset a `<meta>` tag in the first bytes declares.
    static func metaCharset(in bytes: [UInt8]) -> String? {
        let head = bytes.prefix(prescanBytes)
        var index = head.startIndex
        while let start = find("<meta", in: head, from: index) {
            let end = head[start...].firstIndex(of: UInt8(ascii: ">")) ?? head.endIndex
            let tag = String(decoding: head[start..<end], as: UTF8.self).lowercased()
            if let charset = value(after: "charset", in: tag) { return charset }
            index = end
        }
        return nil
    }

    /// The value after `name=` in a tag, without quotes.
    private static func value(after name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name) else { return nil }
        var rest = tag[range.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
        let value = rest.prefix { !($0 == "\"" || $0 == "'" || $0 == ";" || $0 == " " || $0 == "/" || $0 == ">") }
        return value.isEmpty ? nil : String(value)
    }

    private static func find(_ literal: String, in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        let wanted = Array(literal.utf8)
        guard bytes.count >= wanted.count else { return nil }
        var index = start
        while index + wanted.count <= bytes.endIndex {
            if bytes[index] == wanted[0] {
                var matched = true
                for offset in 1..<wanted.count where bytes[index + offset] | 0x20 != wanted[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// Windows-1252: ISO-8859-1 with printable characters in 0x80–0x9F.
    static func windows1252(_ bytes: [UInt8]) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            if (0x80...0x9F).contains(byte), let scalar = Unicode.Scalar(windows1252High[Int(byte - 0x80)]) {
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    static func iso885915(_ bytes: [UInt8]) -> String {
        let changed: [UInt8: UInt32] = [0xA4: 0x20AC, 0xA6: 0x0160, 0xA8: 0x0161, 0xB4: 0x017D, 0xB8: 0x017E, 0xBC: 0x0152, 0xBD: 0x0153, 0xBE: 0x0178]
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            scalars.append(changed[byte].flatMap(Unicode.Scalar.init) ?? Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
