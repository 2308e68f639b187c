public import Foundation

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
