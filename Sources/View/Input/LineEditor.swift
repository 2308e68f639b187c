import Foundation
import TerminalKit
import Presenter

/// The line editor on a terminal: left/right, Home/End, Ctrl-A/E/U/K/W, history on up/down (kept across
/// runs), Tab to complete commands (and ingredient names from a `CompletionSource`), Ctrl-C to clear the
/// line, Ctrl-D to leave.
///
/// Keys are handled as their bytes arrive, every key of a read before the line is drawn again, so a
/// paste is drawn once per read rather than once per character, and a Ctrl-C inside a paste still clears
/// the line. Drawing measures only the part of the line that fits on the screen (`LineWindow`).
@MainActor
final class LineEditor: LineReading {
    private struct Editing {
        let prompt: String
        var state: LineEditState
    }

    private let sink: any TextSink
    private let history: History
    private let columns: () -> Int
    private let keyboard: any Keyboard
    private let names: CompletionSource?
    private var decoder = KeyDecoder()
    /// Keys decoded and not handled yet, from `queueStart` on: what follows an Enter in a paste waits
    /// here for the next line.
    private var queued: [Key] = []
    private var queueStart = 0
    /// The prompt and the line being edited, while `readLine` runs. The line lives only here, so keys
    /// change it in place.
    private var editing: Editing?
    /// The prompt drawn by `showPrompt` while no line is read yet; `readLine` takes it over.
    private var shownPrompt: String?

    /// `names`: what Tab completes besides command names. `keyboard`: standard input, or a script.
    init(sink: any TextSink, history: History, columns: @escaping () -> Int, names: CompletionSource? = nil,
         keyboard: any Keyboard) {
        self.sink = sink
        self.history = history
        self.columns = columns
        self.names = names.map { source in
            // Names may come from the network: nothing that moves the cursor or changes the screen.
            CompletionSource { typed in source.names(typed).map(PrintableText.line) }
        }
        self.keyboard = keyboard
    }

    func readLine(prompt: String) async -> String? {
        shownPrompt = nil
        keyboard.enterRawMode(signals: false)
        defer { keyboard.enterRawMode(signals: true) }
        editing = Editing(prompt: prompt, state: LineEditState(history: history.lines, completions: CommandTable.allNames, names: names))
        defer { editing = nil }
        draw()
        while await waitForKeys() {
            var changed = false
            while let key = nextKey() {
                if case .character(let character) = key {
                    // A run of characters (a paste) goes in with one insertion.
                    var run = [character]
                    while queueStart < queued.count, case .character(let next) = queued[queueStart] {
                        run.append(next)
                        queueStart += 1
                    }
                    editing?.state.insert(run)
                    changed = true
                    continue
                }
                // What a paste typed so far shows before a key that prints below the line or ends it.
                if changed {
                    draw()
                    changed = false
                }
                if key == .control("z") {
                    // Stopped as a shell job, as readline does; the line is drawn again after `fg`.
                    write("\r\n")
                    keyboard.suspend()
                    _ = keyboard.takeResumed()
                    changed = true
                    continue
                }
                guard let outcome = editing?.state.apply(key) else { return nil }
                switch outcome {
                case .editing:
                    if let candidates = editing?.state.candidates, !candidates.isEmpty {
                        write("\r\n" + CandidateColumns.rows(candidates, width: columns()).joined(separator: "\r\n") + "\r\n")
                    }
                case .accepted(let line):
                    draw(entered: true)
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
                changed = true
            }
            if changed { draw() }
        }
        write("\r\n")
        return nil
    }

    func printAboveLine(_ text: String) -> Bool {
        if let shownPrompt, editing == nil {
            write("\r\u{1B}[K" + text + "\r" + shownPrompt + "\u{1B}[K")
            return true
        }
        guard editing != nil else { return false }
        write("\r\u{1B}[K" + text)
        draw()
        return true
    }

    /// Draws `prompt` on an empty line, with the terminal in the mode `readLine` reads keys in, before
    /// the first `readLine`: keys typed meanwhile wait in the terminal and are read by it. Text shown
    /// before then goes above the prompt.
    func showPrompt(_ prompt: String) {
        keyboard.enterRawMode(signals: false)
        shownPrompt = prompt
        write("\r" + prompt + "\u{1B}[K")
    }

    /// Takes away a prompt drawn by `showPrompt` that no line will be read at.
    func withdrawPrompt() {
        guard shownPrompt != nil else { return }
        shownPrompt = nil
        write("\r\u{1B}[K")
        keyboard.restoreMode()
    }

    func readKey(waitingAtMost milliseconds: Int32) async -> KeyWait {
        keyboard.enterRawMode(signals: false)
        defer { keyboard.enterRawMode(signals: true) }
        if queueStart == queued.count {
            queued.removeAll(keepingCapacity: true)
            queueStart = 0
            // A half-read sequence (a lone ESC) is given up on after 50 ms, as when editing.
            guard let input = await keyboard.read(timeout: decoder.hasPending ? min(50, milliseconds) : milliseconds) else { return .end }
            queued = input.isEmpty ? decoder.flush() : decoder.decode(input)
        }
        return nextKey().map(KeyWait.key) ?? .nothing
    }

    func restoreTerminal() {
        keyboard.restoreMode()
    }

    var earlierLines: [String] { history.lines }

    func resumeTerminal() {
        keyboard.enterRawMode(signals: true)
    }

    /// Reads until at least one key is queued; false at the end of input. Between keys it looks, every
    /// quarter of a second, whether RecipeBook was stopped (SIGTSTP from anywhere) and has gone on: then
    /// the line editor's mode and the line are put back.
    private func waitForKeys() async -> Bool {
        while queueStart == queued.count {
            queued.removeAll(keepingCapacity: true)
            queueStart = 0
            guard let input = await keyboard.read(timeout: decoder.hasPending ? 50 : 250) else { return false }
            if input.isEmpty, !decoder.hasPending {
                if keyboard.takeResumed() {
                    keyboard.enterRawMode(signals: false)
                    draw()
                }
                continue
            }
            queued = input.isEmpty ? decoder.flush() : decoder.decode(input)
        }
        return true
    }

    private func nextKey() -> Key? {
        guard queueStart < queued.count else { return nil }
        defer { queueStart += 1 }
        return queued[queueStart]
    }

    /// Draws the prompt and the part of the line that fits, and puts the cursor in place. Where part of
    /// the line is scrolled off, a `<` (before) or `>` (after) stands in its place. `entered`: the line
    /// as it stays on the screen and in the scrollback, whole over as many rows as it takes up to
    /// `enteredRows` (a longer one, a paste, shows its end).
    private func draw(entered: Bool = false) {
        guard let editing else { return }
        let characters = editing.state.characters
        if entered, characters.count <= Self.enteredRows * columns() {
            let text = characters.map { Self.cell($0).text }.joined()
            if TextLayout.displayWidth(text) <= Self.enteredRows * columns() {
                write("\r" + editing.prompt + text + "\u{1B}[K")
                return
            }
        }
        let cursor = entered ? characters.count : editing.state.cursor
        // The prompt's styling is a CSI sequence, which the safe line leaves out.
        let plainPrompt = PrintableText.line(editing.prompt)
        let room = max(4, columns() - TextLayout.displayWidth(plainPrompt) - 1)
        func window(_ room: Int) -> LineWindow {
            LineWindow(cursor: cursor, count: characters.count, room: room) { Self.cell(characters[$0]).width }
        }
        var shown = window(room)
        var marks = (before: false, after: false)
        // A mark takes a column from the window, which can scroll it further: at most twice.
        for _ in 0..<2 {
            let now = (before: shown.visible.lowerBound > 0, after: shown.visible.upperBound < characters.count)
            if now == marks { break }
            marks = now
            shown = window(room - (marks.before ? 1 : 0) - (marks.after ? 1 : 0))
        }
        var output = "\r" + editing.prompt + (marks.before ? "<" : "")
        for index in shown.visible {
            output += Self.cell(characters[index]).text
        }
        output += (marks.after ? ">" : "") + "\u{1B}[K"
        let back = shown.columnsAfterCursor + (marks.after ? 1 : 0)
        if back > 0 { output += "\u{1B}[\(back)D" }
        write(output)
    }

    /// The rows a line entered may take to be shown whole.
    private static let enteredRows = 8

    /// A character as drawn (made safe: a control character draws as nothing) and its columns.
    private static func cell(_ character: Character) -> (text: String, width: Int) {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F { return (String(character), 1) }
        let text = PrintableText.line(String(character))
        return (text, TextLayout.displayWidth(text))
    }

    private func write(_ text: String) {
        sink.write(text, to: .standardOutput)
    }
}
