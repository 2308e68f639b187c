// libFuzzer harness for the built-in pager's keys; compiled together with the pager's session, keys
// and window, the key decoder and the text layout into one module, so its internal API is in reach.
//
// Input: three bytes of shape (rows and whether there is a page to go back to, columns, links and
// whether there is an alternate key), then a page and keys: the bytes up to the first 0x00 are the
// page's lines (split at newlines, escape sequences and wide characters included; a line that starts
// with ESC P takes the rows of a picture drawn by a graphics protocol), the rest are key presses as a
// terminal sends them (decoded by the REPL's own `KeyDecoder`); Tab stands for the terminal resized,
// the page laid out again. Checks, after every key: the window's top line is on the page, and past the
// last window only where a search put it; at least one line is shown while the page has any, and the
// lines shown, the empty rows under them and the lines of keys fit the rows; the status line and the
// lines of keys fit the width; a link number is digits only, at most six, typed only on a page with
// links, and Enter after it follows exactly that number; the text to find is at most 80 characters;
// `q` closes, back comes only where there is a page to go back to, the alternate key only where there
// is one; a page laid out again keeps what was found and its top within the last window; nothing else
// changes the page's lines.

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("PagerKeys invariant: \(message())") }
}

/// The rows of the lines that start a picture drawn by a graphics protocol.
private func pictureHeights(_ lines: [String], _ tall: Int) -> [Int: Int] {
    var heights: [Int: Int] = [:]
    for (index, line) in lines.enumerated() where line.hasPrefix("\u{1B}P") { heights[index] = tall }
    return heights
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: count))
    guard bytes.count >= 3 else { return 0 }
    var rows = 2 + Int(bytes[0]) % 60
    var columns = 20 + Int(bytes[1]) % 200
    let canGoBack = bytes[0] >= 128
    let links = Int(bytes[2]) % 4 == 0 ? 0 : Int(bytes[2])
    let hasAlternate = bytes[2] % 2 == 0
    let rest = bytes[3...]
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    let text = String(decoding: rest[rest.startIndex..<split], as: UTF8.self)
    let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let keys = PagerKeys(links: links, alternate: hasAlternate ? PagerKeys.Alternate(key: "p", label: "whole page") : nil,
                         canGoBack: canGoBack)
    var session = PagerSession(lines: lines, rows: rows, columns: columns, heights: pictureHeights(lines, 1 + rows / 2), keys: keys)
    var decoder = KeyDecoder()
    let pressed = split < rest.endIndex ? decoder.decode(Array(rest[(split + 1)...])) + decoder.flush() : []
    for key in pressed.prefix(100) {
        let typedBefore = session.typed
        let wasFinding = session.finding != nil
        let topBefore = session.window.top
        let foundBefore = session.window.lastFound
        let step: PagerSession.Step
        if key == .tab {
            // The terminal resized: the page laid out again for the new size.
            rows = 2 + (rows * 7 + 3) % 60
            columns = 20 + (columns * 3 + 1) % 200
            session.relayout(lines: lines, rows: rows, columns: columns, heights: pictureHeights(lines, 1 + rows / 2))
            check(session.window.lastFound == foundBefore, "the text found was lost in a new layout")
            check(session.window.top <= max(0, session.window.lastTop), "top \(session.window.top) past the last window after a new layout")
            step = .redraw
        } else {
            step = session.handle(key)
        }
        let window = session.window
        check(window.lines == lines, "the page changed")
        check(window.rows == rows && window.columns == columns, "the size changed")
        check(window.top >= 0 && (lines.isEmpty ? window.top == 0 : window.top < lines.count), "top \(window.top) of \(lines.count)")
        // A line found is shown at the top (as less shows it); any other move keeps to the last window.
        if !wasFinding && key != .character("n") {
            check(window.top <= max(0, window.lastTop) || window.top == topBefore, "top \(window.top) past the last window at \(window.lastTop)")
        }
        let frame = session.frame()
        if !lines.isEmpty { check(!frame.visible.isEmpty, "nothing shown") }
        let first = lines.isEmpty ? 0 : window.top
        let used = (first..<first + frame.visible.count).reduce(0) { $0 + window.height(of: $1) }
        check(frame.visible.count == 1 || used + frame.blankRows + frame.keyLines.count <= rows,
              "\(used) rows, \(frame.blankRows) blank and \(frame.keyLines.count) of keys in \(rows)")
        for line in frame.keyLines {
            check(TextLayout.displayWidth(line) <= columns - 1, "a line of keys \(TextLayout.displayWidth(line)) wide in \(columns)")
        }
        if session.finding == nil {
            check(TextLayout.displayWidth(frame.status) <= columns - 1, "status \(TextLayout.displayWidth(frame.status)) wide in \(columns)")
        }
        check(frame.found == window.lastFound, "the matches shown are not the text found")
        check(session.typed.count <= PagerSession.maxTyped && session.typed.allSatisfy { $0.isASCII && $0.isNumber },
              "typed \(session.typed)")
        check(session.typed.isEmpty || links > 0, "a link number typed on a page without links")
        check((session.finding?.count ?? 0) <= PagerSession.maxPattern, "finding \(session.finding?.count ?? 0) long")
        switch step {
        case .follow(let number):
            check(!typedBefore.isEmpty && key == .enter && Int(typedBefore) == number, "followed \(number) after \(typedBefore)")
            return 0
        case .close:
            check(!wasFinding, "closed while text to find was typed")
            return 0
        case .back:
            check(canGoBack && !wasFinding && (key == .left || key == .character("h")), "back on \(key) with canGoBack \(canGoBack)")
            return 0
        case .alternate:
            check(hasAlternate && typedBefore.isEmpty, "the alternate key on a page without one")
            return 0
        case .suspend:
            check(key == .control("z"), "stopped on \(key)")
        case .redraw:
            check(!(key == .character("q") && !wasFinding), "q did not close")
        }
    }
    return 0
}
