import Foundation

/// Lines typed before, kept across runs in a capped file (`$XDG_STATE_HOME/recipebook/history`).
final class History {
    private(set) var lines: [String]
    private let file: URL?
    private let cap: Int

    init(file: URL?, cap: Int = 500) {
        self.file = file
        self.cap = max(1, cap)
        if let file, let text = try? String(contentsOf: file, encoding: .utf8) {
            lines = Array(text.split(separator: "\n").map(String.init).suffix(cap))
        } else {
            lines = []
        }
    }

    /// Remembers a line (not blank, not the same as the one before) and saves the file.
    func add(_ line: String) {
        let line = line.trimmingWhitespace()
        guard !line.isEmpty, line != lines.last, line.count < 1000 else { return }
        lines.append(line)
        if lines.count > cap { lines.removeFirst(lines.count - cap) }
        save()
    }

    private func save() {
        guard let file else { return }
        let manager = FileManager.default
        let folder = file.deletingLastPathComponent()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let data = Data((lines.joined(separator: "\n") + "\n").utf8)
            try data.write(to: file, options: .atomic)
            try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            // History is a convenience: a read-only home must not stop the REPL, so saving stays silent.
        }
    }

    /// Where history lives: `$XDG_STATE_HOME/recipebook/history`, else `~/.local/state/recipebook/history`.
    static func defaultFile(environment: [String: String]) -> URL? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("recipebook/history")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/recipebook/history")
    }
}
