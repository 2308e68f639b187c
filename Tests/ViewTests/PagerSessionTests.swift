import Testing
@testable import View

/// The built-in pager's keys, without a terminal: the transitions the fuzz harness runs at random.
@Suite struct PagerKeys {
    static let page = (1...30).map { "line \($0)" }

    func keys(_ bytes: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.decode(Array(bytes.utf8)) + decoder.flush()
    }

    /// Presses `bytes` one key after another; the step of the last.
    func press(_ session: inout PagerSession, _ bytes: String) -> PagerSession.Step {
        var step = PagerSession.Step.stay
        for key in keys(bytes) { step = session.handle(key) }
        return step
    }

    @Test func spaceAndBPageJAndKLineAndGAndShiftGGoToTheEnds() {
        var session = PagerSession(lines: Self.page, rows: 10, columns: 40, links: 0, alternate: nil)
        #expect(press(&session, " ") == .stay)
        #expect(session.window.top == 10)
        _ = press(&session, "jjk")
        #expect(session.window.top == 11)
        _ = press(&session, "b")
        #expect(session.window.top == 1)
        _ = press(&session, "G")
        #expect(session.window.top == 20 && session.window.atEnd)
        // At the end, space closes; a page on from the top does not.
        #expect(press(&session, " ") == .close)
        _ = press(&session, "g")
        #expect(session.window.top == 0)
        #expect(press(&session, "\u{1B}[6~\u{1B}[6~\u{1B}[6~\u{1B}[6~") == .stay)
        #expect(session.window.top == 20, "never past the last window")
    }

    @Test func slashFindsNMovesOnAndANoteSaysWhenNothingIsLeft() {
        var session = PagerSession(lines: Self.page, rows: 10, columns: 80, links: 0, alternate: nil)
        _ = press(&session, "/line 3")
        #expect(session.finding == "line 3")
        #expect(session.frame().status == "/line 3")
        _ = press(&session, "\r")
        #expect(session.window.top == 2 && session.finding == nil)
        _ = press(&session, "n")
        #expect(session.window.top == 29, "the line found is shown at the top, as less shows it")
        _ = press(&session, "n")
        #expect(session.frame().status.contains("no more: line 3"))
        #expect(!session.frame().status.contains("no more"), "a note is shown once")
    }

    @Test func digitsAndEnterFollowALinkOnlyOnAPageWithLinks() {
        var withLinks = PagerSession(lines: Self.page, rows: 10, columns: 60, links: 12, alternate: ("p", "whole page"))
        #expect(press(&withLinks, "13\u{7F}2\r") == .follow(12))
        var other = PagerSession(lines: Self.page, rows: 10, columns: 60, links: 12, alternate: ("p", "whole page"))
        #expect(press(&other, "p") == .alternate)
        var without = PagerSession(lines: Self.page, rows: 10, columns: 60, links: 0, alternate: nil)
        #expect(press(&without, "12") == .stay && without.typed.isEmpty)
        #expect(press(&without, "\r") == .stay, "Enter goes a line on")
        #expect(press(&without, "x") == .stay)
        #expect(without.frame().status.contains("q close"), "an unknown key brings up the keys")
        #expect(press(&without, "q") == .close)
    }
}
