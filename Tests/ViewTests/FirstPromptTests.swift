import Foundation
import Testing
@testable import View

/// Keys as `ScriptedKeyboard` gives them, and the terminal modes asked for, in order.
@MainActor
final class ModeRecordingKeyboard: Keyboard {
    private let keys: ScriptedKeyboard
    private(set) var modes: [String] = []

    init(_ chunks: [[UInt8]]) {
        keys = ScriptedKeyboard(chunks)
    }

    func read(timeout milliseconds: Int32) async -> [UInt8]? {
        await keys.read(timeout: milliseconds)
    }

    func enterRawMode(signals: Bool) { modes.append(signals ? "raw with signals" : "raw") }
    func restoreMode() { modes.append("restored") }
}

/// The first prompt is drawn before the rest of RecipeBook is built (`REPL.greet`): the line editor
/// shows it, puts what is said meanwhile above it, and reads the keys typed meanwhile at it.
@MainActor
@Suite struct FirstPrompt {
    func editor(_ chunks: [[UInt8]], sink: RecordingSink) -> (LineEditor, ModeRecordingKeyboard) {
        let keyboard = ModeRecordingKeyboard(chunks)
        return (LineEditor(sink: sink, history: History(file: nil), columns: { 80 }, keyboard: keyboard), keyboard)
    }

    @Test func theShownPromptIsInRawModeAndKeysTypedMeanwhileAreReadAtIt() async {
        let sink = RecordingSink()
        let (editor, keyboard) = editor([Array("garlic\r".utf8)], sink: sink)
        editor.showPrompt("recipes> ")
        #expect(keyboard.modes == ["raw"], "keys typed at the shown prompt are not echoed by the terminal nor turned into signals")
        #expect(sink.text == "\rrecipes> \u{1B}[K")
        #expect(await editor.readLine(prompt: "recipes> ") == "garlic")
        #expect(sink.text.hasSuffix("\rrecipes> garlic\u{1B}[K\r\n"))
    }

    @Test func whatIsSaidBeforeTheFirstLineIsReadGoesAboveThePrompt() async {
        let sink = RecordingSink()
        let (editor, _) = editor([Array("r\r".utf8)], sink: sink)
        #expect(!editor.printAboveLine("before\n"), "with no prompt shown, text is the caller's to print")
        editor.showPrompt("recipes> ")
        #expect(editor.printAboveLine("Last time you searched for garlic.\n"))
        #expect(sink.text == "\rrecipes> \u{1B}[K" + "\r\u{1B}[KLast time you searched for garlic.\n" + "\rrecipes> \u{1B}[K",
                "the prompt line is cleared, the text written, the prompt drawn again below it")
        #expect(await editor.readLine(prompt: "recipes> ") == "r")
        #expect(!editor.printAboveLine("after\n"), "once the line is read, the prompt is no longer shown")
    }

    @Test func aPromptWithdrawnIsWipedAndTheTerminalGivenBack() {
        let sink = RecordingSink()
        let (editor, keyboard) = editor([], sink: sink)
        editor.withdrawPrompt()
        #expect(sink.text.isEmpty && keyboard.modes.isEmpty, "nothing to withdraw when no prompt was shown")
        editor.showPrompt("recipes> ")
        editor.withdrawPrompt()
        #expect(sink.text.hasSuffix("\r\u{1B}[K"))
        #expect(keyboard.modes == ["raw", "restored"])
        #expect(!editor.printAboveLine("error\n"))
    }
}

/// `recipes` reads its environment from `environ` rather than through ProcessInfo (which is slower to
/// set up before the first prompt): the two must agree.
@Suite struct ProcessEnvironment {
    @Test func theEnvironmentReadIsProcessInfosEnvironment() {
        setenv("RECIPEBOOK_TEST_EQUALS", "a=b=c", 1)
        defer { unsetenv("RECIPEBOOK_TEST_EQUALS") }
        let read = TerminalInfo.processEnvironment()
        #expect(read == ProcessInfo.processInfo.environment)
        #expect(read["RECIPEBOOK_TEST_EQUALS"] == "a=b=c", "a value is whole, `=` signs and all")
    }
}
