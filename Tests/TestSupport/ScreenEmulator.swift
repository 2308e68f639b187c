import Foundation

/// What a terminal of `rows` × `columns` shows after a program wrote `bytes`: enough of a VT100 to tell
/// which lines are on the screen (text, wrapping at the right margin, carriage return, line feed with
/// scrolling, cursor position, erasing, the alternate screen); colours and other sequences are skipped.
public struct ScreenEmulator {
    public let rows: Int
    public let columns: Int
    private var main: [[Character]]
    private var alternate: [[Character]]?
    private var row = 0
    private var column = 0
    private var pendingWrap = false
    /// Rows that go on from the row above: a line longer than the width, wrapped by the terminal.
    private var continues: [Bool]
    /// The main screen's rows that scrolled off its top, oldest first, trailing spaces cut: a terminal's
    /// scrollback.
    public private(set) var scrolledOff: [String] = []

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        main = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        continues = Array(repeating: false, count: rows)
    }

    /// The lines on the screen, a line the terminal wrapped over several rows joined again.
    public var lines: [String] {
        var joined: [String] = []
        for (index, row) in screen.enumerated() {
            if continues[index], let last = joined.popLast() {
                joined.append(last + row)
            } else {
                joined.append(row)
            }
        }
        return joined
    }

    /// The screen's rows, trailing spaces cut.
    public var screen: [String] {
        (alternate ?? main).map { String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
    }

    public mutating func feed(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                escape(&characters)
            case "\r":
                column = 0
                pendingWrap = false
            case "\n", "\r\n":
                if character == "\r\n" { column = 0 }
                lineFeed()
            case "\u{8}":
                column = max(0, column - 1)
            case "\u{7}":
                break
            default:
                guard let scalar = character.unicodeScalars.first, scalar.value >= 0x20 else { continue }
                put(character)
            }
        }
    }

    private mutating func put(_ character: Character) {
        if pendingWrap {
            column = 0
            lineFeed()
            pendingWrap = false
            continues[row] = true
        }
        set(row, column, character)
        if column == columns - 1 { pendingWrap = true } else { column += 1 }
    }

    private mutating func set(_ row: Int, _ column: Int, _ character: Character) {
        if alternate != nil { alternate?[row][column] = character } else { main[row][column] = character }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if row < rows - 1 {
            row += 1
            continues[row] = false
            return
        }
        continues.removeFirst()
        continues.append(false)
        let blank = Array(repeating: Character(" "), count: columns)
        if alternate != nil {
            alternate?.removeFirst()
            alternate?.append(blank)
        } else {
            scrolledOff.append(String(main.removeFirst()).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression))
            main.append(blank)
        }
    }

    private mutating func escape(_ characters: inout ArraySlice<Character>) {
        guard let kind = characters.popFirst() else { return }
        switch kind {
        case "[":
            var parameters = ""
            while let next = characters.popFirst() {
                guard let scalar = next.unicodeScalars.first, (0x20...0x3F).contains(scalar.value) else {
                    csi(parameters, final: next)
                    return
                }
                parameters.append(next)
            }
        case "]", "P", "_", "^", "X":
            // A string up to BEL or ESC \.
            while let next = characters.popFirst() {
                if next == "\u{7}" { return }
                if next == "\u{1B}" {
                    _ = characters.popFirst()
                    return
                }
            }
        default:
            break
        }
    }

    private mutating func csi(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ fallback: Int) -> Int { index < numbers.count ? numbers[index] ?? fallback : fallback }
        pendingWrap = false
        switch (final, parameters) {
        case ("h", "?1049"):
            alternate = Array(repeating: Array(repeating: " ", count: columns), count: rows)
            continues = Array(repeating: false, count: rows)
        case ("l", "?1049"):
            alternate = nil
        case ("H", _), ("f", _):
            row = min(rows - 1, max(0, number(0, 1) - 1))
            column = min(columns - 1, max(0, number(1, 1) - 1))
        case ("J", _) where number(0, 0) == 2 || number(0, 0) == 3:
            for clear in 0..<rows { for place in 0..<columns { set(clear, place, " ") } }
            continues = Array(repeating: false, count: rows)
        case ("J", _):
            for place in column..<columns { set(row, place, " ") }
            for clear in (row + 1)..<max(row + 1, rows) { for place in 0..<columns { set(clear, place, " ") } }
        case ("K", _) where number(0, 0) == 0:
            for place in column..<columns { set(row, place, " ") }
        case ("K", _):
            for place in 0..<columns { set(row, place, " ") }
        case ("A", _):
            row = max(0, row - number(0, 1))
        case ("B", _):
            row = min(rows - 1, row + number(0, 1))
        case ("C", _):
            column = min(columns - 1, column + number(0, 1))
        case ("D", _):
            column = max(0, column - number(0, 1))
        case ("G", _):
            column = min(columns - 1, max(0, number(0, 1) - 1))
        default:
            break
        }
    }
}
