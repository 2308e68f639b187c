import Foundation
import Glibc

/// Lines typed before, kept across runs in a capped file (`$XDG_STATE_HOME/recipebook/history`).
///
/// Each line is appended to the file as it is entered, under a lock shared by every running `recipes`,
/// so two sessions add to the history instead of overwriting each other's. Only the file's tail is
/// ever read: at most `cap` lines of at most `maxLineBytes` bytes each, so a file of any size (or one
/// line of any length) costs a bounded read; a longer line is passed over. When the file has grown to
/// twice what is kept of it, it is cut back to the newest `cap` lines under the same lock, from what
/// was read of it: a file that cannot be read (or is not a regular file) is never written back.
final class History {
    /// Read from the file the first time they are needed: a session reads its history after its first
    /// prompt is drawn, not before.
    private(set) lazy var lines: [String] = file.flatMap { History.readTail(of: $0, cap: cap)?.lines } ?? []
    /// Where the file is, worked out on first use too.
    private lazy var file: URL? = locate()
    private let locate: () -> URL?
    private let cap: Int

    /// The longest line kept, in bytes: `add` keeps lines under 1000 characters, which UTF-8 spells
    /// in at most four bytes each.
    static let maxLineBytes = 4_000

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

    /// The newest lines of a file's tail.
    struct Tail {
        /// At most `cap` lines, oldest first, none longer than `maxLineBytes`.
        let lines: [String]
        /// The file's size when it was read.
        let fileSize: Int
    }

    /// The newest `cap` lines of `file`, read from its end: at most `cap` × (`maxLineBytes` + 1) + 1
    /// bytes, whatever its size. Empty when there is no file yet; nil when it cannot be read or is not a
    /// regular file (history is a convenience, and a session without it works the same).
    static func readTail(of file: URL, cap: Int) -> Tail? {
        // The file cut back by another session while it was read is read again, from its new end.
        for _ in 1...3 {
            switch readTailOnce(of: file, cap: cap) {
            case .read(let tail): return tail
            case .unreadable: return nil
            case .cut: continue
            }
        }
        return nil
    }

    private enum Reading {
        case read(Tail)
        case unreadable
        /// The file was cut while it was read.
        case cut
    }

    private static func readTailOnce(of file: URL, cap: Int) -> Reading {
        let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .read(Tail(lines: [], fileSize: 0)) : .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        let size = Int(info.st_size)
        // Pieces of 64 KB from the end until `cap` lines and the newline before them are in: one piece
        // for a history of short lines. Never past `cap` lines of the longest length (and one byte
        // more: what comes before the first newline read is the end of an older line, or nothing).
        let limit = max(0, size - (cap * (maxLineBytes + 1) + 1))
        var pieces: [[UInt8]] = []
        var position = size
        var newlines = 0
        while position > limit, newlines <= cap {
            let start = max(limit, position - (64 << 10))
            guard let piece = read(descriptor, from: start, count: position - start) else { return .unreadable }
            // Shorter than asked: the file was cut meanwhile.
            guard piece.count == position - start else { return .cut }
            pieces.append(piece)
            newlines += piece.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            position = start
        }
        let bytes = Array(pieces.reversed().joined())
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if position > 0, !lines.isEmpty { lines.removeFirst() }
        let kept = lines.filter { !$0.isEmpty && $0.count <= maxLineBytes }.suffix(cap).map { String(decoding: $0, as: UTF8.self) }
        return .read(Tail(lines: kept, fileSize: size))
    }

    /// `count` bytes of the file from `offset`; fewer when it ends sooner, nil when it cannot be read.
    private static func read(_ descriptor: Int32, from offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[..<filled])
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
        // Never waits on a named pipe (opening one with no reader fails at once).
        let descriptor = open(file.path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return
        }
        var text = line + "\n"
        _ = text.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
        let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
        close(descriptor)
        // Looking at the size first keeps the usual append from reading the file.
        if size > cap * 64 { trim(file) }
    }

    /// Keeps the newest `cap` lines of the file (the lock is held), once the file holds twice their
    /// size or more: from the tail read, and only when it could be read.
    private func trim(_ file: URL) {
        guard let tail = History.readTail(of: file, cap: cap) else { return }
        let kept = Data(tail.lines.map { $0 + "\n" }.joined().utf8)
        guard tail.fileSize > 2 * kept.count else { return }
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
