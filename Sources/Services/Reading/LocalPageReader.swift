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

    /// The kind of compressed file `data` starts as (by its magic number), and the tool that opens it.
    static func compression(of data: Data) -> (kind: String, tool: String)? {
        let magics: [(bytes: [UInt8], kind: String, tool: String)] = [
            ([0x1F, 0x8B], "gzip-compressed", "gunzip -k"), ([0x42, 0x5A, 0x68], "bzip2-compressed", "bunzip2 -k"),
            ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz-compressed", "unxz -k"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd-compressed", "unzstd"),
            ([0x50, 0x4B, 0x03, 0x04], "zip", "unzip"),
        ]
        return magics.first { data.starts(with: $0.bytes) }.map { ($0.kind, $0.tool) }
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
        if let (kind, tool) = Self.compression(of: data) {
            // Said as it is, as the same file over HTTP is (`application/gzip, not a web page`).
            throw .malformedBody.with(detail: "\(path) is a \(kind) file, not a web page: \(tool) \(path) uncompresses it")
        }
        let html = PageText.decode(data, headerCharset: nil)
        return RecipePage(html: html, document: HTMLReader.read(html), recipe: RecipeExtractor.extract(html: html, url: nil))
    }
}
