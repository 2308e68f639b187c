// libFuzzer harness for the parser of a terminal's answers to the picture probe. .ci/fuzz compiles it
// with Sources/View/Pictures/TerminalAnswers.swift and TerminalAnswerParser.swift.
//
// Input: bytes as a terminal (or a person typing) might send them while the probe waits. They are
// parsed whole and in chunks whose sizes come from the input itself; both must agree, stay within the
// bounds, and, whatever state the bytes leave the parser in, a string terminator followed by a DA1
// answer must complete the answers.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("TerminalAnswers invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    let whole = TerminalAnswerParser.parse(bytes)
    check(whole.unclaimed.count <= TerminalAnswerParser.maxUnclaimed, "\(whole.unclaimed.count) unclaimed bytes")
    if let version = whole.version {
        check(version.utf8.count <= 64 && version.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "version \(version.debugDescription)")
    }
    if whole.kittyGraphics || whole.colourRegisters != nil || whole.version != nil || whole.isComplete {
        check(bytes.contains(0x1B), "an answer without an escape")
    }

    var parser = TerminalAnswerParser()
    var index = 0
    var step = 1
    while index < bytes.count {
        let end = min(bytes.count, index + step)
        for byte in bytes[index..<end] { parser.feed(byte) }
        step = Int(bytes[index] % 7) + 1
        index = end
    }
    check(parser.answers == whole, "chunked parsing differs from whole parsing")

    for byte in Array("\u{1B}\\\u{1B}[?62;4c".utf8) { parser.feed(byte) }
    check(parser.answers.isComplete, "a DA1 answer after a terminator did not complete the answers")
    return 0
}
