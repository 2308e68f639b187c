public import Foundation

/// `recipes` on a pseudo-terminal, driven line by line as a person types.
extension PseudoTerminalProcess {
    /// Starts `recipes` with `arguments` (HOME in `home`, `extra` added to its environment) and waits
    /// for its first prompt.
    public static func recipes(_ arguments: [String], home: URL, extra: [String: String] = [:], rows: UInt16 = 40,
                               columns: UInt16 = 100) throws -> PseudoTerminalProcess {
        let terminal = try PseudoTerminalProcess("recipes", arguments, environment: BinaryRunner.environment(home: home, extra: extra),
                                                 rows: rows, columns: columns)
        _ = terminal.waitFor("recipes> ")
        return terminal
    }

    /// Types `line` and Enter, then waits for `text` and the prompt after it. Returns what was written
    /// from the line on, or nil when `text` or the prompt did not come.
    @discardableResult
    public func enter(_ line: String, expecting text: String) -> String? {
        let mark = bytes.count
        type(line + "\r")
        guard waitForPrompt(after: text, from: mark) else { return nil }
        return String(decoding: bytes[mark...], as: UTF8.self)
    }

    /// Types `quit` and returns the exit status.
    public func quit() -> Int32 {
        type("quit\r")
        return finish()
    }
}
