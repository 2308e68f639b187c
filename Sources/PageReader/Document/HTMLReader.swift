public import Foundation
public import Entity

/// Turns a web page into a `ReadableDocument`: headings, paragraphs and lists kept, links numbered as
/// lynx numbers them, scripts, styles and other non-text dropped. It accepts any input without
/// failing: broken markup reads as well as it can. The work is linear in the page's size, and the
/// document's text is at most a small multiple of it (see `DocumentBuilder.Limits`).
public enum HTMLReader {
    public static func read(_ html: String, baseURL: URL? = nil) -> ReadableDocument {
        var tokenizer = HTMLTokenizer(html)
        var builder = DocumentBuilder(baseURL: baseURL, inputSize: tokenizer.bytes.count)
        while !builder.isFull, let token = tokenizer.next() {
            builder.consume(token)
        }
        return builder.finish()
    }
}
