import CCookbook
import Glibc

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
    /// Where the bytes lie in a file the process keeps open, when `locate` asked and that could be
    /// told: a server sends a file of the pack from there with sendfile(2).
    package let location: PackLocation?

    /// `locate`: find the file the bytes are mapped from (they are the binary's read-only data).
    package init(_ bytes: UnsafeRawBufferPointer, locate: Bool = false) {
        base = bytes
        location = locate ? PackLocation.find(bytes) : nil
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

    /// Where the file `name` lies in the pack, or nil when the pack has none.
    package func span(_ name: String) -> Range<Int>? {
        files[name]
    }

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
        // Every byte's sum, the checksum field's own bytes counted as spaces (one plain loop over the
        // header, then the field put right: a pack has a header for each of its thousands of files).
        var sum = 0
        for byte in header { sum &+= Int(byte) }
        for byte in header[148..<156] { sum &-= Int(byte) }
        return sum &+ 8 * 0x20 == stored
    }
}

/// The cookbook compiled into PuppyServer: its catalog (`catalog.jsonl`) and the photos and thumbnails
/// the catalog's `photo` and `thumb` fields name.
package enum CookbookPack {
    package static let files = TarFiles(UnsafeRawBufferPointer(start: rb_cookbook_bytes(), count: Int(rb_cookbook_count())), locate: true)

    package static var catalog: UnsafeRawBufferPointer {
        files.file("catalog.jsonl") ?? UnsafeRawBufferPointer(start: nil, count: 0)
    }
}

/// Where bytes mapped from a file lie in it: the file, opened read-only and kept open for the life of
/// the process, and the offset of the first byte. Found from `/proc/self/maps` and checked by reading
/// the first and last bytes back from the file; nil when any step fails (no such mapping, a file since
/// deleted or replaced), and the bytes are then sent from memory.
package struct PackLocation: Sendable {
    package let descriptor: Int32
    package let offset: Int

    static func find(_ bytes: UnsafeRawBufferPointer) -> PackLocation? {
        guard let base = bytes.baseAddress, !bytes.isEmpty, let maps = readMaps() else { return nil }
        let address = UInt(bitPattern: base)
        for line in maps.split(separator: UInt8(ascii: "\n")) {
            // start-end perms offset dev inode path
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let range = fields[0].split(separator: UInt8(ascii: "-"))
            guard range.count == 2, let start = hex(range[0]), let end = hex(range[1]), start <= address, address < end,
                  let mapped = hex(fields[2]) else { continue }
            let path = String(decoding: fields[5].drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)
            guard path.hasPrefix("/") else { return nil }
            let offset = Int(mapped + (address - start))
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            guard matches(bytes, descriptor: descriptor, offset: offset) else {
                close(descriptor)
                return nil
            }
            return PackLocation(descriptor: descriptor, offset: offset)
        }
        return nil
    }

    /// Whether the file holds `bytes` at `offset`: its first and its last 4 KB compared.
    private static func matches(_ bytes: UnsafeRawBufferPointer, descriptor: Int32, offset: Int) -> Bool {
        let length = min(bytes.count, 4_096)
        var read = [UInt8](repeating: 0, count: length)
        for start in [0, bytes.count - length] {
            let count = read.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(offset + start)) }
            guard count == length, read.elementsEqual(bytes[start..<start + length]) else { return false }
        }
        return true
    }

    /// `/proc/self/maps`, at most 4 MB of it.
    private static func readMaps() -> [UInt8]? {
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while text.count < 4 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            text += chunk[0..<count]
        }
        return text
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
        UInt(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
