import Foundation
public import Entity
import PageReader
import RecipeReader
import Glibc
public import ServiceSupport

/// Reads a recipe page saved as a file (`recipes read page.html`): the same reading as a page fetched
/// from the web, with addresses resolved against the page's own canonical URL.
public struct LocalPageReader: PageFileReading {
    /// The largest file read; a larger one is refused rather than read.
    public let maxBytes: Int

    public init(maxBytes: Int = 32 << 20) {
        self.maxBytes = maxBytes
    }

    public func page(atPath path: String) throws(ServiceError) -> RecipePage {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .notFound.with(detail: "\(path): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .invalidAddress.with(detail: "\(path) is not a file")
        }
        guard Int(status.st_size) <= maxBytes else {
            throw .tooLarge.with(detail: "\(path) is \(status.st_size) bytes; pages of at most \(maxBytes) are read")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .notFound.with(detail: "\(path) cannot be read")
        }
        let html = PageText.decode(data, headerCharset: nil)
        return RecipePage(html: html, document: HTMLReader.read(html), recipe: RecipeExtractor.extract(html: html, url: nil))
    }
}
