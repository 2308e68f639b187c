// libFuzzer harness for PuppyCatalog's catalog line reader; compiled together with
// Sources/PuppyCatalog/Catalog/CatalogLineReader.swift into one module, so its internal API is in reach,
// beside a ServiceSupport module built from Sources/ServiceSupport/JSONScanner.swift.
//
// Input: one catalog line. Checks: the reader never crashes or loops; it answers the same twice; a
// line it reads as a recipe object, written back as JSON from the fields it found, reads back to the
// same fields; and the line with a byte cut off the end is never a valid object when the whole was
// (an object ends with its closing brace, and only whitespace may follow).

private func read(_ bytes: [UInt8]) -> Result<CatalogFields, CatalogLineFailure> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(CatalogLineFailure) -> CatalogFields in try CatalogLineReader.read(buffer) }
    }
}

/// The fields as a JSON object, every string escaped the plainest way.
private func written(_ fields: CatalogFields) -> [UInt8] {
    func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
    var members: [String] = []
    for (key, value) in [("id", fields.id), ("title", fields.title), ("cuisine", fields.cuisine), ("method", fields.method),
                         ("href", fields.href), ("thumbnail", fields.thumbnail), ("servings", fields.servings),
                         ("published", fields.published), ("source", fields.source), ("collection", fields.collection),
                         ("author", fields.author), ("licence", fields.licence), ("photo", fields.photo), ("thumb", fields.thumb)] {
        if let value { members.append("\"\(key)\":" + quoted(value)) }
    }
    for (key, values) in [("ingredients", fields.ingredients), ("lines", fields.lines), ("steps", fields.steps), ("tags", fields.tags)] {
        if let values { members.append("\"\(key)\":[" + values.map(quoted).joined(separator: ",") + "]") }
    }
    for (key, value) in [("prepMinutes", fields.prepMinutes), ("cookMinutes", fields.cookMinutes), ("totalMinutes", fields.totalMinutes)] {
        if let value { members.append("\"\(key)\":\(value)") }
    }
    return Array(("{" + members.joined(separator: ",") + "}").utf8)
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("CatalogReader invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let line = Array(UnsafeRawBufferPointer(start: data, count: count))
    let first = read(line)
    let second = read(line)
    check(first == second, "two reads differ: \(first) and \(second)")
    if case .success(let fields) = first {
        let again = read(written(fields))
        check(again == .success(fields), "written back \(String(decoding: written(fields), as: UTF8.self)) reads as \(again)")
        let trailingWhitespace = line.reversed().prefix { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.count
        if trailingWhitespace == 0 {
            check(read(Array(line.dropLast())) == .failure(.notJSON), "a valid line stays valid without its last byte")
        }
    }
    return 0
}
