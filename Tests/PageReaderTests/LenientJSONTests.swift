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
                _ = LenientJSON.values(in: bytes)
            }
        }
    }

    @Test func everyPrefixOfADocumentIsReadWithoutFailing() {
        let document = Array("""
        [{"@context":"https://schema.org","@graph":[{"@type":["Recipe"],"name":"Pie \\u00e9","recipeIngredient":["1 cup","2 eggs",],
        "recipeInstructions":[{"@type":"HowToSection","name":"Dough","itemListElement":[{"@type":"HowToStep","text":"Mix."}]}]}]}]
        """.utf8)
        for length in 0...document.count {
            _ = LenientJSON.values(in: document[..<length])
        }
    }

    @Test(arguments: ["[", "{", "\"", "{\"a\":", "[[[[", "'", "\\", "/*", "//", "<![CDATA["])
    func hostileRepetitionIsReadInLinearTime(unit: String) {
        let started = Date()
        _ = LenientJSON.values(in: String(repeating: unit, count: 300_000))
        #expect(Date().timeIntervalSince(started) < 20, "finishes in a reasonable time")
    }
}
