public import Foundation
import Glibc

/// A folder under the system's temporary directory, removed when the body ends.
public enum TemporaryDirectory {
    /// Runs `body` with a new folder, on the caller's actor (so a main-actor caller can use it too).
    public static func with<T>(isolation: isolated (any Actor)? = #isolation, _ body: (URL) async throws -> T) async throws -> T {
        let url = try make()
        defer { remove(url) }
        return try await body(url)
    }

    public static func withSync<T>(_ body: (URL) throws -> T) throws -> T {
        let url = try make()
        defer { remove(url) }
        return try body(url)
    }

    private static func make() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recipebook-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func remove(_ url: URL) {
        // A folder the system's temporary directory keeps is no loss to the run that made it.
        try? FileManager.default.removeItem(at: url)
    }
}

/// Shell scripts that tests run (a browser, a pager) as programs.
public enum TestScript {
    /// Writes `text` to `url` as an executable file through a descriptor that no program started
    /// meanwhile keeps (close-on-exec): a descriptor a running program still held open for writing
    /// would make running the script fail ("Text file busy").
    public static func write(_ text: String, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            offset += written
        }
    }
}
