/// A JSON value with its object keys in the order written, for the JSON-LD of recipe pages.
enum PageJSONValue: Sendable {
    case string(String)
    case number(Int)
    case array([PageJSONValue])
    case object([(String, PageJSONValue)])

    /// The value as compact JSON that is safe inside a `<script>` element: besides JSON's own
    /// escapes, `<`, `>` and `&` are written as `\u003c`-style escapes and every `/` as `\/`, so no
    /// text in it can close the element or open a comment. Non-ASCII is written as `\uXXXX`.
    func scriptSafeText() -> String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func append(to bytes: inout [UInt8]) {
        switch self {
        case .string(let text):
            bytes.append(UInt8(ascii: "\""))
            for scalar in text.unicodeScalars {
                switch scalar {
                case "<": bytes += Array("\\u003c".utf8)
                case ">": bytes += Array("\\u003e".utf8)
                case "&": bytes += Array("\\u0026".utf8)
                default: JSONText.append(scalar, to: &bytes)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        case .number(let value):
            bytes += Array(String(value).utf8)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                PageJSONValue.string(key).append(to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
