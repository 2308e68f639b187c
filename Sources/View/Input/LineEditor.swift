import Foundation

/// The line editor on a terminal: left/right, Home/End, Ctrl-A/E/U/K/W, history on up/down (kept across
/// runs), Tab to complete commands, Ctrl-C to clear the line, Ctrl-D to leave.
@MainActor
final class LineEditor: LineReading {
    private let sink: any TextSink
    private let history: History
    private let columns: () -> Int
    private let bytes = TerminalBytes()
    private var decoder = KeyDecoder()
    private var rawMode = RawMode()
    private var queued: [Key] = []
    /// The prompt and line being edited, while `readLine` runs.
    private var editing: (prompt: String, state: LineEditState)?

    init(sink: any TextSink, history: History, columns: @escaping () -> Int) {
        self.sink = sink
        self.history = history
        self.columns = columns
    }

    func readLine(prompt: String) async -> String? {
        rawMode.enter(signals: false)
        defer { rawMode.enter(signals: true) }
        var state = LineEditState(history: history.lines, completions: CommandTable.allNames)
        editing = (prompt, state)
        defer { editing = nil }
        draw(prompt, state)
        while true {
            guard let key = await nextKey() else {
                write("\r\n")
                return nil
            }
            switch state.apply(key) {
            case .editing:
                if !state.candidates.isEmpty { write("\r\n" + state.candidates.joined(separator: "  ") + "\r\n") }
            case .accepted(let line):
                draw(prompt, state, cursorAtEnd: true)
                write("\r\n")
                history.add(line)
                return line
            case .endOfInput:
                write("\r\n")
                return nil
            case .cleared:
                write("^C\r\n")
            case .clearScreen:
                write("\u{1B}[H\u{1B}[2J")
            }
            editing = (prompt, state)
            draw(prompt, state)
        }
    }

    func printAboveLine(_ text: String) -> Bool {
        guard let editing else { return false }
        write("\r\u{1B}[K" + text)
        draw(editing.prompt, editing.state)
        return true
    }

    func readKey() async -> Key? {
        rawMode.enter(signals: false)
        defer { rawMode.enter(signals: true) }
        return await nextKey()
    }

    func restoreTerminal() {
        rawMode.leave()
    }

    func resumeTerminal() {
        rawMode.enter(signals: true)
    }

    private func nextKey() async -> Key? {
        while queued.isEmpty {
            guard let input = await bytes.read(timeout: decoder.hasPending ? 50 : -1) else { return nil }
            queued += input.isEmpty ? decoder.flush() : decoder.decode(input)
        }
        return queued.removeFirst()
    }

    /// Draws the prompt and the visible part of the line, and puts the cursor in place.
    private func draw(_ prompt: String, _ state: LineEditState, cursorAtEnd: Bool = false) {
        let plainPrompt = TerminalSafety.line(prompt.replacingOccurrences(of: "\u{1B}[1m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: ""))
        let promptWidth = TextLayout.displayWidth(plainPrompt)
        let room = max(4, columns() - promptWidth - 1)
        let characters = state.characters.map { TerminalSafety.line(String($0)) }
        let cursor = cursorAtEnd ? characters.count : state.cursor
        var start = 0
        var end = characters.count
        func width(_ range: Range<Int>) -> Int { characters[range].reduce(0) { $0 + TextLayout.displayWidth($1) } }
        while width(start..<cursor) > room { start += 1 }
        while width(start..<end) > room { end -= 1 }
        let visible = characters[start..<end].joined()
        let after = width(cursor..<end)
        var output = "\r" + prompt + visible + "\u{1B}[K"
        if after > 0 { output += "\u{1B}[\(after)D" }
        write(output)
    }

    private func write(_ text: String) {
        sink.write(text, to: .standardOutput)
    }
}
