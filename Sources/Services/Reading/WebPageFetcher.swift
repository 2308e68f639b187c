import Foundation
public import Entity
import PageReader
import RecipeReader
public import ServiceSupport
public import HTTPTransport
import TextSafety

/// Fetches recipe pages and thumbnails over HTTP.
public final class WebPageFetcher: PageFetching {
    private let transport: HTTPTransport
    private let maxImageBytes: Int

    public init(transport: HTTPTransport, maxImageBytes: Int = 2 << 20) {
        self.transport = transport
        self.maxImageBytes = maxImageBytes
    }

    public func page(at href: String) async throws(ServiceError) -> RecipePage {
        let url = try WebPageFetcher.url(href)
        let response = try await transport.get(url, accept: "text/html, text/plain;q=0.8")
        guard response.status == 200 else {
            throw .badStatus.with(status: response.status, detail: "HTTP \(response.status) for \(href)")
        }
        let html = PageText.decode(response.body, headerCharset: response.charset)
        if let type = response.contentType, type.hasPrefix("text/plain") {
            let paragraphs = html.components(separatedBy: "\n\n").map(TextCleanup.collapseWhitespace).filter { !$0.isEmpty }
            return RecipePage(html: html, document: ReadableDocument(title: "", blocks: paragraphs.map { .paragraph($0) }, links: []))
        }
        if let type = response.contentType, !type.contains("html"), !type.contains("xml") {
            throw .malformedBody.with(detail: "\(href) is \(type), not a web page")
        }
        // Links and the recipe's addresses resolve against where the page really came from (after redirects).
        let base = response.url
        return RecipePage(html: html, document: HTMLReader.read(html, baseURL: base), recipe: RecipeExtractor.extract(html: html, url: base))
    }

    public func thumbnail(at address: String) async throws(ServiceError) -> RecipeImage {
        let url = try WebPageFetcher.url(address)
        let response = try await transport.get(url, accept: "image/*", maxBodyBytes: maxImageBytes)
        guard response.status == 200 else {
            throw .badStatus.with(status: response.status, detail: "HTTP \(response.status) for \(address)")
        }
        guard let type = response.contentType, type.hasPrefix("image/") else {
            throw .malformedBody.with(detail: "\(address) is not an image")
        }
        return RecipeImage(bytes: response.body, contentType: type)
    }

    public func browserAddress(for href: String) -> String {
        guard let url = URL(string: href) else { return href }
        return transport.resolve(url).absoluteString
    }

    static func url(_ address: String) throws(ServiceError) -> URL {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil else {
            throw .invalidAddress.with(detail: "\"\(address.prefix(80))\" is not a web address")
        }
        return url
    }
}
