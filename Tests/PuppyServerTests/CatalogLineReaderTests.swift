@testable import PuppyCatalog
import Foundation
import Testing
@testable import PuppyServer

private func read(_ text: String) -> Result<CatalogFields, CatalogLineFailure> {
    read(Array(text.utf8))
}

private func read(_ bytes: [UInt8]) -> Result<CatalogFields, CatalogLineFailure> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(CatalogLineFailure) -> CatalogFields in try CatalogLineReader.read(buffer) }
    }
}

private let fullLine = #"{"id":"pad-thai","title":"Pad Thai","cuisine":"Thai","ingredients":["rice noodles","eggs"],"method":"Stir-fry.","href":"https://example.com/a","thumbnail":""}"#

@Suite("Catalog line reader")
struct CatalogLineReaderTests {
    @Test func aFullLineGivesEveryField() throws {
        let fields = try read(fullLine).get()
        #expect(fields == CatalogFields(
            id: "pad-thai", title: "Pad Thai", cuisine: "Thai", ingredients: ["rice noodles", "eggs"],
            method: "Stir-fry.", href: "https://example.com/a", thumbnail: ""
        ))
    }

    @Test func unknownKeysOfEveryKindAreCheckedAndSkipped() throws {
        let line = #"  {"x":{"a":[1,-2.5e+3,0,0.25,1E9,true,false,null,{},[],"s"]},"id":"a","y":[[[]]],"title":"T","z":-0} "#
        let fields = try read(line).get()
        #expect(fields.id == "a" && fields.title == "T" && fields.ingredients == nil)
    }

    @Test func nullReadsAsAbsentAndTheLastOfARepeatedKeyWins() throws {
        let fields = try read(#"{"id":null,"title":"A","title":"B","ingredients":null,"cuisine":null}"#).get()
        #expect(fields.id == nil && fields.title == "B" && fields.ingredients == nil && fields.cuisine == nil)
    }

    @Test func escapesAreDecoded() throws {
        let fields = try read(#"{"title":"Cr\u00e8me \"br\u00FBl\u00e9e\" \\ \/ \b\f\n\r\t \ud83c\udf73"}"#).get()
        #expect(fields.title == "Crème \"brûlée\" \\ / \u{8}\u{C}\n\r\t 🍳")
        #expect(try read(#"{"title":"caf\u00e9 ok"}"#).get().title == "café ok")
        #expect(try read("{\"title\":\"naïve\"}").get().title == "naïve")
    }

    @Test(arguments: [
        (#"{"title":7}"#, CatalogLineFailure.wrongType(field: "title")),
        (#"{"ingredients":"eggs"}"#, .wrongType(field: "ingredients")),
        (#"{"ingredients":["eggs",1]}"#, .wrongType(field: "ingredients")),
        (#"{"ingredients":[null]}"#, .wrongType(field: "ingredients")),
        (#"{"id":["a"]}"#, .wrongType(field: "id")),
        (#"{"method":{}}"#, .wrongType(field: "method")),
        (#"["a"]"#, .notAnObject),
        ("7", .notAnObject),
        (#""a""#, .notAnObject),
        ("null", .notAnObject),
        // A type error does not hide a syntax error later on the line.
        (#"{"title":7,"#, .notJSON),
        (#"{"id":"a","title":"A""#, .notJSON),
        ("", .notJSON),
        ("   ", .notJSON),
        ("{", .notJSON),
        ("}", .notJSON),
        (#"{"a":1,}"#, .notJSON),
        (#"{"a" 1}"#, .notJSON),
        (#"{a:1}"#, .notJSON),
        (#"{'a':1}"#, .notJSON),
        (#"{"a":01}"#, .notJSON),
        (#"{"a":1.}"#, .notJSON),
        (#"{"a":.5}"#, .notJSON),
        (#"{"a":-}"#, .notJSON),
        (#"{"a":1e}"#, .notJSON),
        (#"{"a":+1}"#, .notJSON),
        (#"{"a":tru}"#, .notJSON),
        (#"{"a":nul}"#, .notJSON),
        (#"{"a":NaN}"#, .notJSON),
        (#"{"a":[1,]}"#, .notJSON),
        (#"{"a":[1 2]}"#, .notJSON),
        (#"{"a":"\x"}"#, .notJSON),
        (#"{"a":"\u12"}"#, .notJSON),
        (#"{"a":"\ud83c"}"#, .notJSON),
        (#"{"a":"\ud83cx"}"#, .notJSON),
        (#"{"a":"\ud83c\u0041"}"#, .notJSON),
        (#"{"a":"\udf73"}"#, .notJSON),
        (#"{"a":"unterminated}"#, .notJSON),
        (#"{} {}"#, .notJSON),
        (#"{}x"#, .notJSON),
    ])
    func badLinesGetTheRightFailure(line: String, failure: CatalogLineFailure) {
        #expect(read(line).failure == failure, "\(line)")
    }

    @Test func rawControlBytesAndBytesThatAreNotUTF8AreRefused() {
        for byte: UInt8 in 0..<0x20 {
            #expect(read(Array(#"{"title":"a"#.utf8) + [byte] + Array(#""}"#.utf8)).failure == .notJSON, "\(byte)")
        }
        for bad: [UInt8] in [[0xFF], [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82]] {
            #expect(read(Array(#"{"title":"a"#.utf8) + bad + Array(#""}"#.utf8)).failure == .notJSON, "\(bad)")
            #expect(read(Array(#"{"title":"\n"#.utf8) + bad + Array(#""}"#.utf8)).failure == .notJSON, "escaped \(bad)")
        }
    }

    @Test func everyByteValueAloneIsRefusedWithoutACrash() {
        for byte in 0...255 {
            let isDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(UInt8(byte))
            #expect(read([UInt8(byte)]).failure == (isDigit ? .notAnObject : .notJSON), "\(byte)")
        }
    }

    @Test func everyTruncationOfAValidLineIsNotJSON() {
        let bytes = Array(fullLine.utf8)
        for length in 0..<bytes.count {
            #expect(read(Array(bytes[..<length])).failure == .notJSON, "\(length) bytes")
        }
    }

    @Test func nestingIsBoundedAndDeepNestingIsRefusedWithoutRecursingFurther() {
        func nested(_ depth: Int) -> String { #"{"x":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}" }
        #expect((try? read(nested(CatalogLineReader.maxDepth - 1)).get()) != nil)
        #expect(read(nested(CatalogLineReader.maxDepth)).failure == .nestedTooDeeply)
        #expect(read(nested(100_000)).failure == .nestedTooDeeply)
        #expect(read(#"{"x":"# + String(repeating: #"{"a":"#, count: 100_000)).failure == .nestedTooDeeply)
    }

    /// Against Foundation's parser: a line with one byte changed is valid JSON for one exactly when it
    /// is for the other (the changes never make an escape, so both judge the same grammar).
    @Test func validityAgreesWithFoundationOnEveryOneByteChange() {
        let base = Array(#"{"id":"a-b","title":"T","ingredients":["x","y"],"n":[1,2.5,true,null],"o":{"k":-1}}"#.utf8)
        let replacements = Array(#"{}[]":,0-. a"#.utf8)
        for position in base.indices {
            for replacement in replacements where replacement != base[position] {
                var line = base
                line[position] = replacement
                let foundation = (try? JSONSerialization.jsonObject(with: Data(line))) != nil
                let result = read(line)
                let ours = result.failure != .notJSON
                #expect(ours == foundation, "\(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
