/// What a picture's first bytes say it is.
enum PictureFormat: Equatable, Sendable {
    case jpeg
    case png
    case webp
    /// A picture format RecipeBook does not decode, or no picture at all; the associated text names it.
    case unsupported(String)

    /// Judges by magic bytes only; the file extension and the server's content type are not trusted.
    static func sniff(_ bytes: some Collection<UInt8>) -> PictureFormat {
        let head = Array(bytes.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<(offset + magic.count)]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .unsupported("GIF") }
        if starts(Array("BM".utf8)) { return .unsupported("BMP") }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .unsupported("TIFF") }
        if starts([0x00, 0x00, 0x01, 0x00]) { return .unsupported("ICO") }
        if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return .unsupported("JPEG XL") }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: head.dropFirst(8).prefix(4), as: UTF8.self)
            switch brand {
            case "avif", "avis": return .unsupported("AVIF")
            case "heic", "heix", "mif1", "msf1": return .unsupported("HEIF")
            default: return .unsupported("a video or ISO media file")
            }
        }
        if head.isEmpty { return .unsupported("no data") }
        let text = String(decoding: head, as: UTF8.self).lowercased().drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        if text.hasPrefix("<svg") || text.hasPrefix("<?xml") { return .unsupported("SVG") }
        if text.hasPrefix("<!doctype") || text.hasPrefix("<html") { return .unsupported("an HTML page, not a picture") }
        return .unsupported("not a picture")
    }
}
