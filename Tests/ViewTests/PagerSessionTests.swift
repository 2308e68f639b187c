import Testing
import TerminalKit
@testable import View

/// The built-in pager's keys, without a terminal: the transitions the fuzz harness runs at random.
@Suite struct PagerSessionTests {
    static let page = (1...30).map { "line \($0)" }

    func keys(_ bytes: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(bytes.utf8)) + decoder.flush()
    }

    func session(columns: Int = 40, links: Int = 0, alternate: PagerKeys.Alternate? = nil, canGoBack: Bool = false) -> PagerSession {
        PagerSession(lines: Self.page, rows: 10, columns: columns, keys: PagerKeys(links: links, alternate: alternate, canGoBack: canGoBack))
    }

    /// Presses `bytes` one key after another; the step of the last.
    func press(_ session: inout PagerSession, _ bytes: String) -> PagerSession.Step {
        var step = PagerSession.Step.redraw
        for key in keys(bytes) { step = session.handle(key) }
        return step
    }

    @Test func spaceAndBPageJAndKLineAndGAndShiftGGoToTheEnds() {
        var session = session()
        #expect(press(&session, " ") == .redraw)
        #expect(session.window.top == 10)
        _ = press(&session, "jjk")
        #expect(session.window.top == 11)
        _ = press(&session, "b")
        #expect(session.window.top == 1)
        _ = press(&session, "G")
        #expect(session.window.top == 20 && session.window.atEnd)
        // At the end, space and Enter close; a page on from the top does not.
        #expect(press(&session, " ") == .close)
        #expect(press(&session, "\r") == .close)
        _ = press(&session, "g")
        #expect(session.window.top == 0)
        #expect(press(&session, "\u{1B}[6~\u{1B}[6~\u{1B}[6~\u{1B}[6~") == .redraw)
        #expect(session.window.top == 20, "never past the last window")
    }

    @Test func slashFindsNMovesOnAndANoteSaysWhenNothingIsLeft() {
        var session = session(columns: 80)
        _ = press(&session, "/line 3")
        #expect(session.finding == "line 3")
        #expect(session.frame().status == "/line 3")
        _ = press(&session, "\r")
        #expect(session.window.top == 2 && session.finding == nil)
        #expect(session.frame().found == "line 3", "the matches are shown")
        _ = press(&session, "n")
        #expect(session.window.top == 29, "the line found is shown at the top, as less shows it")
        _ = press(&session, "n")
        #expect(session.frame().status.contains("no more: line 3"))
        #expect(!session.frame().status.contains("no more"), "a note is shown once")
    }

    @Test func digitsAndEnterFollowALinkOnlyOnAPageWithLinks() {
        let whole = PagerKeys.Alternate(key: "p", label: "whole page")
        var withLinks = session(columns: 60, links: 12, alternate: whole)
        #expect(press(&withLinks, "13\u{7F}2\r") == .follow(12))
        var other = session(columns: 60, links: 12, alternate: whole)
        #expect(press(&other, "p") == .alternate)
        var typing = session(columns: 60, links: 12, alternate: whole)
        #expect(press(&typing, "123456") == .redraw && typing.typed == "123456")
        _ = press(&typing, "7")
        #expect(typing.typed.isEmpty && typing.frame().status.contains("q/Esc close"), "a seventh digit is a key the pager does not know")
        var without = session(columns: 60)
        #expect(press(&without, "12") == .redraw && without.typed.isEmpty)
        #expect(press(&without, "\r") == .redraw, "Enter goes a line on")
        #expect(press(&without, "q") == .close)
    }

    @Test func hAndLeftGoBackWhereThereIsAPageBeforeAndCloseWhereThereIsNone() {
        var after = session(canGoBack: true)
        #expect(press(&after, "h") == .back)
        #expect(press(&after, "\u{1B}[D") == .back)
        var first = session()
        #expect(press(&first, "h") == .close)
        #expect(press(&first, "\u{1B}[D") == .close)
        #expect(press(&first, "\u{1A}") == .suspend, "Ctrl-Z stops")
    }

    @Test func questionMarkOrAnUnknownKeyListsEveryKeyOnceInLinesThatFit() {
        var session = session(columns: 40, links: 12, canGoBack: true)
        for key in ["?", "x"] {
            #expect(press(&session, key) == .redraw)
            let frame = session.frame()
            let shown = frame.keyLines + [frame.status]
            #expect(shown.count > 1 && shown.allSatisfy { TextLayout.displayWidth($0) <= 39 }, "\(shown)")
            let all = shown.joined(separator: " · ")
            #expect(all.contains("h/Left back") && all.contains("1–12 Enter: follow a link") && all.contains("q/Esc close"), "\(all)")
            #expect(frame.visible.count == 10 - frame.keyLines.count, "the lines of keys take rows from the page")
            #expect(session.frame().keyLines.isEmpty && session.frame().status.hasPrefix("-- more"), "shown once")
        }
    }

    @Test func aPageLaidOutAgainKeepsItsPlaceAndWhatWasFound() {
        var session = session()
        _ = press(&session, "/line 16\r")
        #expect(session.window.top == 15)
        // Twice as many lines at a narrower width: the top is as far into the page as it was.
        let narrower = Self.page.flatMap { [$0, $0 + " again"] }
        session.relayout(lines: narrower, rows: 10, columns: 20)
        #expect(session.window.top == 30 && session.window.lastFound == "line 16")
        session.relayout(lines: Array(Self.page.prefix(12)), rows: 10, columns: 40)
        #expect(session.window.top == session.window.lastTop, "never past the last window")
    }
}

extension PagerSessionTests {
    /// In a terminal too small for every key, the lines of keys that fit are shown and a line of the
    /// page stays; nothing scrolls away.
    @Test(arguments: [2, 3, 5])
    func theLinesOfKeysNeverTakeMoreRowsThanTheTerminalHas(rows: Int) {
        var session = PagerSession(lines: Self.page, rows: rows, columns: 20,
                                   keys: PagerKeys(links: 12, alternate: .init(key: "p", label: "whole page"), canGoBack: true))
        _ = press(&session, "?")
        let frame = session.frame()
        #expect(frame.visible.count == 1 && frame.keyLines.count == rows - 1 && frame.blankRows == 0, "\(frame.keyLines)")
        #expect(frame.status.contains("q/Esc close"), "the way out is always shown")
    }

    @Test func aLinksAddressIsNeitherMeasuredNorFoundOnlyItsText() {
        // An OSC 8 link (ESC ] 8 ; ; address ST), as the reader writes one, around a styled word.
        let link = "\u{1B}]8;;https://example.com/a-very-long-address-to-the-recipe\u{1B}\\\u{1B}[4mpie\u{1B}[24m\u{1B}]8;;\u{1B}\\"
        #expect(PagerWindow.plain("see " + link + " here") == "see pie here")
        let window = PagerWindow(lines: ["intro", "see " + link + " here", "example line"], rows: 10, columns: 20)
        #expect(window.height(of: 1) == 1, "twelve characters show: one row, however long the address")
        var finding = window
        #expect(finding.find("example") && finding.top == 2, "the address is not searched, the text is")
        #expect(PagerWindow.highlight(link, "example") == link, "nothing marked inside the link's escape")
        #expect(PagerWindow.highlight(link, "pie").contains("\u{1B}[7mpie\u{1B}[27m"))
    }
}
