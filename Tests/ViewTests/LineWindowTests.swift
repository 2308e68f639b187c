import Testing
@testable import View

@Suite struct LineWindows {
    struct Case: CustomTestStringConvertible, Sendable {
        let widths: [Int]
        let cursor: Int
        let room: Int
        let visible: Range<Int>
        let after: Int
        var testDescription: String { "\(widths.count) characters, cursor \(cursor), room \(room)" }
    }

    static let cases: [Case] = [
        Case(widths: [], cursor: 0, room: 10, visible: 0..<0, after: 0),
        Case(widths: Array(repeating: 1, count: 10), cursor: 10, room: 20, visible: 0..<10, after: 0),
        Case(widths: Array(repeating: 1, count: 10), cursor: 3, room: 20, visible: 0..<10, after: 7),
        Case(widths: Array(repeating: 1, count: 10), cursor: 10, room: 10, visible: 0..<10, after: 0),
        Case(widths: Array(repeating: 1, count: 30), cursor: 30, room: 10, visible: 20..<30, after: 0),
        Case(widths: Array(repeating: 1, count: 30), cursor: 0, room: 10, visible: 0..<10, after: 10),
        Case(widths: Array(repeating: 1, count: 30), cursor: 15, room: 10, visible: 5..<15, after: 0),
        Case(widths: Array(repeating: 2, count: 10), cursor: 10, room: 9, visible: 6..<10, after: 0),
        Case(widths: Array(repeating: 2, count: 10), cursor: 0, room: 9, visible: 0..<4, after: 8),
        Case(widths: [1, 0, 1, 0, 1], cursor: 5, room: 2, visible: 1..<5, after: 0),
        Case(widths: Array(repeating: 0, count: 1_000), cursor: 1_000, room: 10, visible: 944..<1_000, after: 0),
        Case(widths: Array(repeating: 1, count: 5), cursor: 99, room: 10, visible: 0..<5, after: 0),
    ]

    @Test(arguments: cases)
    func theCursorIsAlwaysInView(_ example: Case) {
        let window = LineWindow(cursor: example.cursor, count: example.widths.count, room: example.room) { example.widths[$0] }
        #expect(window.visible == example.visible)
        #expect(window.columnsAfterCursor == example.after)
    }

    /// The window is the one the editor always drew (the first character is the earliest that lets the
    /// cursor show, the last the latest that fits), on every small line.
    @Test func theWindowIsTheOneMeasuringTheWholeLineGives() {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        for _ in 0..<2_000 {
            let widths = (0..<next(20)).map { _ in [0, 1, 1, 1, 2][next(5)] }
            let cursor = next(widths.count + 1)
            let room = 1 + next(8)
            func width(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
            var start = 0
            var end = widths.count
            while width(start..<cursor) > room { start += 1 }
            while width(start..<end) > room { end -= 1 }
            let window = LineWindow(cursor: cursor, count: widths.count, room: room) { widths[$0] }
            #expect(window.visible == start..<end, "\(widths) cursor \(cursor) room \(room)")
            #expect(window.columnsAfterCursor == width(cursor..<end))
        }
    }

    /// Redrawing costs the width of the screen, not the length of the line.
    @Test func onlyWhatFitsIsMeasured() {
        let widths = (0..<10_000).map { $0.isMultiple(of: 7) ? 2 : 1 }
        let room = 70
        for cursor in Array(stride(from: 0, to: 10_000, by: 997)) + [10_000] {
            var measured = 0
            _ = LineWindow(cursor: cursor, count: widths.count, room: room) { index in
                measured += 1
                return widths[index]
            }
            #expect(measured <= room + 2, "cursor \(cursor)")
        }
    }
}
