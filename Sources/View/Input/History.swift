import Foundation
import Glibc

/// Lines typed before, kept across runs in a capped file (`$XDG_STATE_HOME/recipebook/history`).
///
/// Each line is appended to the file as it is entered, under a lock shared by every running `recipes`,
/// so two sessions add to the history instead of overwriting each other's; when the file grows past
/// twice the cap it is cut back to the newest `cap` lines, under the same lock.
final class History {
    /// Read from the file the first time they are needed: a session reads its history after its first
    /// prompt is drawn, not before.
    private(set) lazy var lines: [String] = file.map { Array(History.read($0).suffix(cap)) } ?? []
    /// Where the file is, worked out on first use too.
    private lazy var file: URL? = locate()
    private let locate: () -> URL?
    private let cap: Int

    init(file: @autoclosure @escaping () -> URL?, cap: Int = 500) {
        locate = file
        self.cap = max(1, cap)
    }

    /// Remembers a line (not blank, not the same as the one before) and adds it to the file.
    func add(_ line: String) {
        let line = line.trimmingWhitespace()
        guard !line.isEmpty, line != lines.last, line.count < 1000, !line.contains("\n") else { return }
        lines.append(line)
        if lines.count > cap { lines.removeFirst(lines.count - cap) }
        append(line)
    }

    /// The lines of the file; none when there is no file yet (or it cannot be read: history is a
    /// convenience, and a session without it works the same).
    private static func read(_ file: URL) -> [String] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    private func append(_ line: String) {
        guard let file else { return }
        let folder = file.deletingLastPathComponent()
        // History is a convenience: a read-only home must not stop the REPL, so failures to save stay
        // silent (the session keeps its lines in memory).
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return
        }
        let lock = open(file.path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { return }
        defer { close(lock) }
        guard flock(lock, LOCK_EX) == 0 else { return }
        defer { flock(lock, LOCK_UN) }
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        var text = line + "\n"
        _ = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
        var status = stat()
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        close(descriptor)
        // Looking at the size first keeps the usual append from reading the whole file.
        if size > cap * 64 { trim(file) }
    }

    /// Keeps the newest `cap` lines of the file (the lock is held).
    private func trim(_ file: URL) {
        let all = History.read(file)
        guard all.count > 2 * cap else { return }
        let kept = Data((all.suffix(cap).joined(separator: "\n") + "\n").utf8)
        do {
            try kept.write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            return
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
