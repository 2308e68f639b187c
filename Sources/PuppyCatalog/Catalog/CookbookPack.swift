import CCookbook

/// The files of an uncompressed tar (POSIX ustar) held in memory: the bundled cookbook, which the
/// compiler embeds into the binary (`CCookbook`), read in place without copying.
///
/// Only regular files are listed; a header that does not add up (a size past the end, a bad checksum)
/// ends the listing there, so a damaged pack lists fewer files and never reads out of bounds.
package struct TarFiles: @unchecked Sendable {
    // The bytes are read-only for the life of the process (the binary's read-only data, or a buffer
    // the caller keeps), which is what makes sharing the pointer safe.
    private let base: UnsafeRawBufferPointer
    private let files: [String: Range<Int>]

    package init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes
        var files: [String: Range<Int>] = [:]
        var offset = 0
        while offset + 512 <= bytes.count {
            let header = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 512])
            if header.allSatisfy({ $0 == 0 }) { break }
            guard Self.checksumMatches(header), let size = Self.octal(header[124..<136]) else { break }
            let start = offset + 512
            guard size >= 0, size <= bytes.count - start else { break }
            let type = header[156]
            if type == UInt8(ascii: "0") || type == 0 {
                let name = Self.name(header)
                if !name.isEmpty { files[name] = start..<start + size }
            }
            offset = start + (size + 511) / 512 * 512
        }
        self.files = files
    }

    package var names: Dictionary<String, Range<Int>>.Keys { files.keys }

    /// The bytes of the file `name` (`photos/ramen.jpg`), or nil when the pack has none.
    package func file(_ name: String) -> UnsafeRawBufferPointer? {
        files[name].map { UnsafeRawBufferPointer(rebasing: base[$0]) }
    }

    private static func name(_ header: UnsafeRawBufferPointer) -> String {
        func field(_ range: Range<Int>) -> String {
            let bytes = header[range].prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let prefix = header[257..<263].starts(with: Array("ustar".utf8)) ? field(345..<500) : ""
        let name = field(0..<100)
        return prefix.isEmpty ? name : prefix + "/" + name
    }

    private static func octal(_ field: Slice<UnsafeRawBufferPointer>) -> Int? {
        var value = 0
        var sawDigit = false
        for byte in field {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                guard value < Int.max >> 4 else { return nil }
                value = value * 8 + Int(byte - UInt8(ascii: "0"))
                sawDigit = true
            case 0, UInt8(ascii: " "):
                if sawDigit { return value }
            default:
                return nil
            }
        }
        return sawDigit ? value : nil
    }

    private static func checksumMatches(_ header: UnsafeRawBufferPointer) -> Bool {
        guard let stored = octal(header[148..<156]) else { return false }
        var sum = 0
        for index in 0..<512 { sum += (148..<156).contains(index) ? 0x20 : Int(header[index]) }
        return sum == stored
    }
}

/// The cookbook compiled into PuppyServer: its catalog (`catalog.jsonl`) and the photos and thumbnails
/// the catalog's `photo` and `thumb` fields name.
package enum CookbookPack {
    package static let files = TarFiles(UnsafeRawBufferPointer(start: rb_cookbook_bytes(), count: Int(rb_cookbook_count())))

    package static var catalog: UnsafeRawBufferPointer {
        files.file("catalog.jsonl") ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }
}
