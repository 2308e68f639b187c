// libFuzzer harness for the HTML-to-text reader. .ci/fuzz compiles it with
// Sources/PageReader/Document/HTMLReader.swift, DocumentBuilder.swift and HTML/HTMLTokenizer.swift, against an
// Entity module built from ReadableDocument and the text and entity helpers.
//
// Input: byte 0 picks a base URL (bit 6) and where a script is planted (low six bits, as a fraction
// of the page); the rest is a page. The page is read with the script planted in it. Whenever
// the tokenizer treats the planted script as a script (its secret reaches no text token and no
// attribute), the secret must not reach the document either. The document stays within its budget (a
// small multiple of the page, however deep its nesting). Beyond that: the reader must neither crash nor
// take pathological time (libFuzzer's -timeout).

import Entity
import Foundation

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("HTMLReader invariant: \(message())") }
}

/// Private-use scalars around the secret: a page can only carry them if it spells them itself.
private let secret = "\u{E000}planted secret\u{E001}"
private let secretScalar: Unicode.Scalar = "\u{E000}"
private let base = URL(string: "https://www.example.com/recipes/dish-1/")

private func containsSecretScalar(_ text: String) -> Bool {
    text.unicodeScalars.contains(secretScalar)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    guard count >= 1 else { return 0 }
    let input = UnsafeRawBufferPointer(start: data, count: count)
    let baseURL = input[0] & 0x40 != 0 ? base : nil
    let page = String(decoding: input[1...], as: UTF8.self)

    // Plant the script between two characters of the page.
    let characters = page.count
    let plantAt = page.index(page.startIndex, offsetBy: Int(input[0] & 0x3F) * characters / 63)
    let html = page[..<plantAt] + "<script>var s = '" + secret + "';</script>" + page[plantAt...]

    let document = HTMLReader.read(html, baseURL: baseURL)
    let plainText = document.plainText

    var tokenizer = HTMLTokenizer(html)
    var secretInTokens = false
    while let token = tokenizer.next() {
        switch token {
        case .text(let text):
            secretInTokens = secretInTokens || containsSecretScalar(text)
        case .startTag(_, let attributes, _):
            secretInTokens = secretInTokens || attributes.contains { containsSecretScalar($0.key) || containsSecretScalar($0.value) }
        case .endTag:
            break
        }
    }
    if !secretInTokens {
        check(!containsSecretScalar(plainText), "a script's contents reached the text: \(plainText.debugDescription)")
    }
    let budget = DocumentBuilder.Limits.textBudget(inputSize: html.utf8.count)
    check(plainText.utf8.count <= 2 * budget, "\(plainText.utf8.count) bytes of text for a page of \(html.utf8.count)")
    check(document.blocks.allSatisfy { block in
        if case .listItem(_, _, let depth) = block { return depth <= ReadableDocument.maxIndentDepth }
        return true
    }, "a list item deeper than the indentation cap")
    for link in document.links {
        check(link.number >= 1 && link.number <= document.links.count, "link numbered \(link.number)")
    }
    return 0
}
