/// JSON as the real service (PHP's json_encode) wrote it: every `/` as `\/`, non-ASCII as `\uXXXX`.
enum JSONText {
    static func append(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars { append(scalar, to: &bytes) }
    }

    static func append(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        switch scalar {
        case "\"": bytes += [0x5C, 0x22]
        case "\\": bytes += [0x5C, 0x5C]
        case "/": bytes += [0x5C, 0x2F]
        case "\n": bytes += [0x5C, UInt8(ascii: "n")]
        case "\r": bytes += [0x5C, UInt8(ascii: "r")]
        case "\t": bytes += [0x5C, UInt8(ascii: "t")]
        default:
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                bytes.append(UInt8(scalar.value))
            } else {
                for unit in String(scalar).utf16 { appendEscapedUnit(unit, to: &bytes) }
            }
        }
    }

    static func quoted(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0x22]
        append(text, to: &bytes)
        bytes.append(0x22)
        return bytes
    }

    /// `["a","b"]`.
    static func array(_ texts: [String]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, text) in texts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += quoted(text)
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }

    private static func appendEscapedUnit(_ unit: UInt16, to bytes: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        bytes += [0x5C, UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(digits[Int((unit >> UInt16(shift)) & 0xF)])
        }
    }
}

enum HTMLText {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}

/// Text as XML 1.0 element content: markup characters as entities, `\r` as a character reference (so a
/// parser's line-end handling keeps it), and characters XML cannot carry at all (other C0 controls,
/// U+FFFE, U+FFFF) left out.
enum XMLText {
    static func append(_ text: String, to bytes: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": bytes += Array("&amp;".utf8)
            case "<": bytes += Array("&lt;".utf8)
            case ">": bytes += Array("&gt;".utf8)
            case "\"": bytes += Array("&quot;".utf8)
            case "'": bytes += Array("&apos;".utf8)
            case "\r": bytes += Array("&#13;".utf8)
            case "\t", "\n": bytes.append(UInt8(scalar.value))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                bytes += Array(String(scalar).utf8)
            }
        }
    }
}
