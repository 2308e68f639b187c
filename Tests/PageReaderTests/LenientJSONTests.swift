import Foundation
import Testing
@testable import PageReader

@Suite struct LenientJSONReading {
    private func one(_ text: String) -> JSONValue? {
        let values = LenientJSON.values(in: text)
        return values.count == 1 ? values[0] : nil
    }

    @Test(arguments: [
        ("{\"a\":1}", JSONValue.object(["a": .number("1")])),
        ("[1, \"x\", true, false, null]", .array([.number("1"), .string("x"), .bool(true), .bool(false), .null])),
        ("{\"a\":[1,2,],}", .object(["a": .array([.number("1"), .number("2")])])),
        ("{\"a\":\"line one\nline\ttwo\"}", .object(["a": .string("line one\nline\ttwo")])),
        ("{\"a\":\"bad \\x escape \\' and \\/\"}", .object(["a": .string("bad x escape ' and /")])),
        ("{\"a\":\"\\u00e9\\ud83c\\udf70\\n\"}", .object(["a": .string("é🍰\n")])),
        ("{\"a\":\"lone \\ud83c surrogate\"}", .object(["a": .string("lone \u{FFFD} surrogate")])),
        ("<!--{\"a\":1}-->", .object(["a": .number("1")])),
        ("//<![CDATA[\n{\"a\":1}\n//]]>", .object(["a": .number("1")])),
        ("<![CDATA[{\"a\":1}]]>", .object(["a": .number("1")])),
        ("{\"a\":1};", .object(["a": .number("1")])),
        ("{a: 'single', b: bare}", .object(["a": .string("single"), "b": .string("bare")])),
        ("{\"a\":1,\"a\":2}", .object(["a": .number("1")])),
        ("{\"a\":NaN,\"b\":undefined,\"c\":-1.5e3}", .object(["a": .null, "b": .null, "c": .number("-1.5e3")])),
        ("{\"a\":1 /* comment */, // line\n \"b\":2}", .object(["a": .number("1"), "b": .number("2")])),
        ("{\"a\":\"unterminated", .object(["a": .string("unterminated")])),
        ("{\"a\":[1,2", .object(["a": .array([.number("1"), .number("2")])])),
        ("{\"a\":1]", .object(["a": .number("1")])),
        ("{\"a\" \"b\":2}", .object(["b": .number("2")])),
    ])
    func brokenJSONAsPagesWriteItReadsAsMeant(text: String, value: JSONValue) {
        #expect(one(text) == value)
    }

    @Test func twoObjectsBackToBackAreBothRead() {
        #expect(LenientJSON.values(in: "{\"a\":1}{\"b\":2} garbage [3]") == [
            .object(["a": .number("1")]), .object(["b": .number("2")]), .array([.number("3")]),
        ])
    }

    @Test func nestingDeeperThanTheLimitIsSkippedNotRecursed() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let values = LenientJSON.values(in: "{\"deep\":\(deep),\"after\":1}")
        let object = try #require(values.first)
        #expect(object["after"] == .number("1"))
        let unclosed = LenientJSON.values(in: String(repeating: "{\"a\":[", count: 100_000))
        #expect(unclosed.count == 1)
    }

    @Test func hugeArraysAreCappedButReadToTheirEnd() throws {
        let text = "{\"list\":[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "],\"after\":true}"
        let object = try #require(LenientJSON.values(in: text).first)
        if case .array(let elements) = object["list"] {
            #expect(elements.count == LenientJSON.Limits.elements)
        } else {
            Issue.record("no list")
        }
        #expect(object["after"] == .bool(true))
    }

    @Test func everyByteValueIsReadWithoutFailing() {
        for byte in 0...255 {
            for template in ["{\"a\":\"X\"}", "{X}", "[X]", "{\"a\":X}", "X", "{\"a\":\"\\X\"}"] {
                var bytes: [UInt8] = []
                for unit in template.utf8 { bytes.append(unit == UInt8(ascii: "X") ? UInt8(byte) : unit) }
                let values = LenientJSON.values(in: bytes)
                // Inside a string any byte is kept as text: the object and its key are always read.
                if template == "{\"a\":\"X\"}", byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    guard case .object(let object)? = values.first, case .string? = object["a"] else {
                        Issue.record("byte \(byte) in a string: \(values)")
                        continue
                    }
                }
                // A digit is a number wherever a value may stand.
                if template == "[X]", (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(UInt8(byte)) {
                    #expect(values.first == .array([.number(String(UnicodeScalar(UInt8(byte))))]), "byte \(byte)")
                }
            }
        }
    }

    @Test func everyPrefixOfADocumentIsReadWithoutFailing() {
        let document = Array("""
        [{"@context":"https://schema.org","@graph":[{"@type":["Recipe"],"name":"Pie \\u00e9","recipeIngredient":["1 cup","2 eggs",],
        "recipeInstructions":[{"@type":"HowToSection","name":"Dough","itemListElement":[{"@type":"HowToStep","text":"Mix."}]}]}]}]
        """.utf8)
        let whole = LenientJSON.values(in: document)
        #expect(whole.count == 1)
        var read = 0
        for length in 0...document.count {
            let values = LenientJSON.values(in: document[..<length])
            // A cut document is read as far as it goes: its values are the whole document's once the
            // last bracket has come, and there is never more than one.
            #expect(values.count <= 1, "cut after \(length): \(values)")
            if !values.isEmpty { read += 1 }
        }
        // Brackets the document leaves open are closed: cut before its last one, it reads as a whole.
        #expect(LenientJSON.values(in: document[..<(document.count - 1)]) == whole)
        #expect(read >= document.count / 2, "only \(read) of \(document.count) prefixes gave a value")
    }

    @Test(arguments: ["[", "{", "\"", "{\"a\":", "[[[[", "'", "\\", "/*", "//", "<![CDATA["])
    func hostileRepetitionIsReadToItsBounds(unit: String) {
        let values = LenientJSON.values(in: String(repeating: unit, count: 300_000))
        func depth(_ value: JSONValue) -> Int {
            switch value {
            case .array(let items): 1 + (items.map(depth).max() ?? 0)
            case .object(let members): 1 + (members.values.map(depth).max() ?? 0)
            default: 0
            }
        }
        // Opened and never closed: a value of at most the deepest nesting read (deeper is null).
        #expect(values.allSatisfy { depth($0) <= LenientJSON.Limits.depth }, "\(values.map(depth))")
        #expect(values.count <= LenientJSON.Limits.values)
        if ["[", "[[[[", "{\"a\":"].contains(unit) {
            #expect(values.count == 1 && values.allSatisfy { depth($0) == LenientJSON.Limits.depth }, "\(values.map(depth))")
        }
    }
}
