/// Lower-case ASCII words to look for in bytes, ignoring case.
package struct ByteNeedles {
    private let needles: [[UInt8]]
    private let firstBytes: [Bool]

    package init(_ words: [String]) {
        needles = words.map { Array($0.lowercased().utf8) }.filter { !$0.isEmpty }
        var table = [Bool](repeating: false, count: 256)
        for needle in needles { table[Int(needle[0])] = true }
        firstBytes = table
    }

    package func occur(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        while position < haystack.count {
            let byte = haystack[position] >= 0x41 && haystack[position] <= 0x5A ? haystack[position] | 0x20 : haystack[position]
            if firstBytes[Int(byte)] {
                for needle in needles where needle[0] == byte && position + needle.count <= haystack.count {
                    var offset = 1
                    while offset < needle.count {
                        let other = haystack[position + offset]
                        if (other >= 0x41 && other <= 0x5A ? other | 0x20 : other) != needle[offset] { break }
                        offset += 1
                    }
                    if offset == needle.count { return true }
                }
            }
            position += 1
        }
        return false
    }

    package func occur(in text: String) -> Bool {
        var text = text
        return text.withUTF8 { occur(in: $0) }
    }
}
