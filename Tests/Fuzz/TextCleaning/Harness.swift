// libFuzzer harness for the text clean-up on both sides: CleanText (every string from the network, on
// its way in) and TerminalText (every string printed, on its way out), which read escape sequences
// with the one EscapeScanner. .ci/fuzz compiles it into the TextSafety module with Sources/TextSafety/.
//
// Input: any text. What comes out of TerminalText.line and .block holds no control character, escape
// sequence or bidirectional control (.block keeps newlines), never grows, and cleaning it again changes
// nothing; text printable already comes out unchanged. What comes out of CleanText.line, .safe and
// .address holds no control or invisible character, is within its length, is idempotent under .safe,
// and prints as itself.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("TextCleaning invariant: \(message())") }
}

/// Whether a scalar could move the cursor, ring, clear, recolour, reorder or otherwise act on a
/// terminal: written out here, not taken from the code under test.
private func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
    default: return false
    }
}

/// What `CleanText` also removes: zero-width and other invisible format characters.
private func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B...0x200F, 0x2060...0x2064, 0xFEFF, 0x00AD: return true
    default: return false
    }
}

private func checkPrintable(_ output: String, newlines: Bool, _ what: String, input: String) {
    for scalar in output.unicodeScalars where !(newlines && scalar == "\n") {
        check(!isUnsafe(scalar),
              "U+\(String(scalar.value, radix: 16)) survived \(what) in \(output.debugDescription) from \(input.debugDescription)")
    }
}

private func checkClean(_ output: String, limit: Int, _ what: String, input: String) {
    check(output.unicodeScalars.count <= limit, "\(what) gave \(output.unicodeScalars.count) scalars over \(limit) from \(input.debugDescription)")
    for scalar in output.unicodeScalars {
        check(!isUnsafe(scalar) && !isInvisible(scalar),
              "U+\(String(scalar.value, radix: 16)) survived \(what) in \(output.debugDescription) from \(input.debugDescription)")
    }
    check(CleanText.safe(output, maxLength: limit) == output, "\(what) then safe changed \(output.debugDescription)")
    check(TerminalText.line(output) == output, "\(what) does not print as itself: \(output.debugDescription)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)

    let line = TerminalText.line(text)
    let block = TerminalText.block(text)
    checkPrintable(line, newlines: false, "TerminalText.line", input: text)
    checkPrintable(block, newlines: true, "TerminalText.block", input: text)
    check(TerminalText.line(line) == line, "TerminalText.line is not idempotent on \(text.debugDescription)")
    check(TerminalText.block(block) == block, "TerminalText.block is not idempotent on \(text.debugDescription)")
    check(line.unicodeScalars.count <= text.unicodeScalars.count, "TerminalText.line grew \(text.debugDescription)")
    check(block.unicodeScalars.count == line.unicodeScalars.count, "line and block differ beyond newlines on \(text.debugDescription)")
    if TerminalText.isPrintable(text, newlines: true) {
        check(block == text, "printable text changed: \(text.debugDescription) became \(block.debugDescription)")
    }

    let limit = 1 + count % 300
    checkClean(CleanText.line(text, maxLength: limit), limit: limit, "CleanText.line", input: text)
    checkClean(CleanText.safe(text, maxLength: limit), limit: limit, "CleanText.safe", input: text)
    checkClean(CleanText.address(text, maxLength: limit), limit: limit, "CleanText.address", input: text)
    return 0
}
