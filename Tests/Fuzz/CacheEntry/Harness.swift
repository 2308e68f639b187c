// libFuzzer harness for the search cache's entry files. Compiled with
// Sources/Services/Cache/CacheEntry.swift, in the Services module so its internal API is in reach.
//
// Input: the bytes of a file found where an entry belongs. Whatever they are, decoding must not crash
// and must refuse anything but a whole entry: what it accepts encodes back to the same key and body in
// a file of the same length, and no shorter limit or shorter file is accepted.

import Foundation

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("CacheEntry invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Data(bytes: data, count: count)
    guard let entry = CacheEntry.decode(bytes, maxBytes: 1 << 20) else { return 0 }
    check(entry.savedAt.timeIntervalSince1970.isFinite, "a time that is not a number was accepted")
    check(CacheEntry.decode(bytes, maxBytes: count - 1) == nil, "an entry over its limit was accepted")
    check(CacheEntry.decode(bytes.dropLast(), maxBytes: 1 << 20) == nil, "a truncated entry was accepted")
    check(CacheEntry.decode(bytes + [0], maxBytes: 1 << 20) == nil, "a padded entry was accepted")
    guard let encoded = entry.encoded(maxBytes: 1 << 20) else {
        fatalError("CacheEntry invariant: an accepted entry cannot be written back")
    }
    check(encoded.count == count, "an entry of \(count) bytes was written back as \(encoded.count)")
    let again = CacheEntry.decode(encoded, maxBytes: 1 << 20)
    check(again?.key == entry.key && again?.body == entry.body, "an entry did not survive being written back")
    return 0
}
