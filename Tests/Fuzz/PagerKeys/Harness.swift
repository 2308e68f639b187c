// libFuzzer harness for the built-in pager's keys; compiled together with the pager's session and
// window, the key decoder and the text layout into one module, so its internal API is in reach.
//
// Input: three bytes of shape (rows, columns, links), then a page and keys: the bytes up to the first
// 0x00 are the page's lines (split at newlines, escape sequences and wide characters included), the
// rest are key presses as a terminal sends them (decoded by the REPL's own `KeyDecoder`). Checks, after
// every key: the window's top line is on the page, and past the last window only where a search put it; at least one line is
// shown while the page has any, and the lines shown with the empty rows under them fit the rows; the
// status line fits the width; a link number is digits only, at most six, typed only on a page with
// links, and Enter after it follows exactly that number; the text to find is at most 80 characters;
// `q` closes, and nothing else changes the page's lines.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("PagerKeys invariant: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    guard bytes.count >= 3 else { return 0 }
    let rows = 2 + Int(bytes[0]) % 60
    let columns = 20 + Int(bytes[1]) % 200
    let links = Int(bytes[2]) % 4 == 0 ? 0 : Int(bytes[2])
    let rest = bytes[3...]
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    let text = String(decoding: rest[rest.startIndex..<split], as: UTF8.self)
    let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var session = PagerSession(lines: lines, rows: rows, columns: columns, links: links,
                               alternate: bytes[2] % 2 == 0 ? ("p", "whole page") : nil)
    var decoder = KeyDecoder()
    let keys = split < rest.endIndex ? decoder.decode(Array(rest[(split + 1)...])) + decoder.flush() : []
    for key in keys.prefix(100) {
        let typedBefore = session.typed
        let wasFinding = session.finding != nil
        let topBefore = session.window.top
        let step = session.handle(key)
        let window = session.window
        check(window.lines == lines, "the page changed")
        check(window.top >= 0 && (lines.isEmpty ? window.top == 0 : window.top < lines.count), "top \(window.top) of \(lines.count)")
        // A line found is shown at the top (as less shows it); any other move keeps to the last window.
        if !wasFinding && key != .character("n") {
            check(window.top <= max(0, window.lastTop) || window.top == topBefore, "top \(window.top) past the last window at \(window.lastTop)")
        }
        let frame = session.frame()
        if !lines.isEmpty { check(!frame.visible.isEmpty, "nothing shown") }
        let used = (window.top..<window.end).reduce(0) { $0 + window.height(of: $1) }
        check(frame.visible.count == 1 || used + frame.blankRows <= rows, "\(used) rows and \(frame.blankRows) blank in \(rows)")
        if session.finding == nil {
            check(TextLayout.displayWidth(frame.status) <= columns - 1 || frame.status.hasPrefix("/"),
                  "status \(TextLayout.displayWidth(frame.status)) wide in \(columns)")
        }
        check(session.typed.count <= PagerSession.maxTyped && session.typed.allSatisfy { $0.isASCII && $0.isNumber },
              "typed \(session.typed)")
        check(session.typed.isEmpty || links > 0, "a link number typed on a page without links")
        check((session.finding?.count ?? 0) <= PagerSession.maxPattern, "finding \(session.finding?.count ?? 0) long")
        switch step {
        case .follow(let number):
            check(!typedBefore.isEmpty && key == .enter && Int(typedBefore) == number, "followed \(number) after \(typedBefore)")
            return 0
        case .close:
            return 0
        case .alternate:
            check(bytes[2] % 2 == 0, "the alternate key on a page without one")
            return 0
        case .stay:
            check(!(key == .character("q") && !wasFinding), "q did not close")
        }
    }
    return 0
}
