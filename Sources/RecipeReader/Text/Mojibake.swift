/// Repairs text that was UTF-8 read as Windows-1252 and written out again as UTF-8 (`1Â¼ cups`,
/// `crÃ¨me`), as some sites' structured data carries it. Text that does not decode cleanly that way
/// is left as it is.
enum Mojibake {
    static func repaired(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "Â" || $0 == "Ã" || $0 == "â" }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var sawHighByte = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else if scalar.value <= 0xFF {
                bytes.append(UInt8(scalar.value))
                sawHighByte = true
            } else if let byte = windows1252Bytes[scalar.value] {
                bytes.append(byte)
                sawHighByte = true
            } else {
                return text
            }
        }
        guard sawHighByte, let decoded = String(validating: bytes, as: UTF8.self) else { return text }
        return decoded
    }

    /// Windows-1252's printable characters in 0x80–0x9F, back to their bytes.
    private static let windows1252Bytes: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02C6: 0x88,
        0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C, 0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93,
        0x201D: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}
