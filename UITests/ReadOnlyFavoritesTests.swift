import Foundation
import Glibc
import Testing
import PuppyServer
import TestSupport

/// Favorites in a folder that cannot be written: listed, searched and read; changing them is refused
/// with a clear line.
@Suite struct ReadOnlyFavorites {
    /// Runs `recipes` as a user who cannot write `data` (as root, another user; otherwise the folder is
    /// made read-only).
    func runWithoutWriting(_ data: URL, _ arguments: [String], input: String, home: URL) throws -> ProcessResult {
        let environment = BinaryRunner.environment(home: home)
        if getuid() == 0 {
            return try BinaryRunner.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                             BinaryRunner.url(of: "recipes").path] + arguments,
                                        input: input, environment: environment)
        }
        chmod(data.appendingPathComponent("favorites.sqlite").path, 0o444)
        chmod(data.path, 0o555)
        defer { chmod(data.path, 0o700) }
        return try BinaryRunner.run("recipes", arguments, input: input, environment: environment)
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv as root"))
    func favoritesInAReadOnlyFolderAreListedAndReadButNotChanged() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                chmod(home.path, 0o755)
                let data = home.appendingPathComponent("data")
                let api = ["--api", server.apiURL.absoluteString, "--data-dir", data.path]
                let saving = try BinaryRunner.run("recipes", api, input: "garlic\nfav 1\nquit\n", environment: BinaryRunner.environment(home: home))
                #expect(saving.output.contains("★ Saved"))
                chmod(data.path, 0o755)
                chmod(data.appendingPathComponent("favorites.sqlite").path, 0o644)

                let listed = try runWithoutWriting(data, ["--data-dir", data.path, "favorites", "--json"], input: "", home: home)
                #expect(listed.status == 0, "\(listed.errors)")
                #expect(listed.output.contains("\"title\""))

                let session = try runWithoutWriting(data, api, input: "favs\no 1\nunfav 1\nquit\n", home: home)
                #expect(session.status == 0)
                #expect(session.output.contains("Favorites (1)"))
                #expect(session.output.contains("saved copy from"), "the saved page is read")
                #expect(session.output.contains("The favorites cannot be changed here (the folder \(data.path) is read-only)."), "\(session.output)")
            }
        }
    }

    /// The file read-only (its mode), its folder not: the message names the file, not the folder.
    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv as root"))
    func aReadOnlyFileInAWritableFolderIsSaidToBeTheFile() async throws {
        try await PuppyServerFixture.withServer { server in
            try await TemporaryDirectory.with { home in
                chmod(home.path, 0o755)
                let data = home.appendingPathComponent("data")
                let file = data.appendingPathComponent("favorites.sqlite")
                let api = ["--api", server.apiURL.absoluteString, "--data-dir", data.path]
                let saving = try BinaryRunner.run("recipes", api, input: "garlic\nfav 1\nquit\n", environment: BinaryRunner.environment(home: home))
                #expect(saving.output.contains("★ Saved"))
                let environment = BinaryRunner.environment(home: home)
                let session: ProcessResult
                if getuid() == 0 {
                    // The folder and file are nobody's: the folder writable by them, the file not.
                    chown(data.path, 65534, 65534)
                    chown(file.path, 65534, 65534)
                    chmod(data.path, 0o755)
                    chmod(file.path, 0o444)
                    session = try BinaryRunner.run("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                                                        BinaryRunner.url(of: "recipes").path] + api,
                                                   input: "garlic\nfav 2\nquit\n", environment: environment)
                } else {
                    chmod(file.path, 0o444)
                    session = try BinaryRunner.run("recipes", api, input: "garlic\nfav 2\nquit\n", environment: environment)
                }
                #expect(session.output.contains("The favorites cannot be changed here (the file \(file.path) is read-only; chmod u+w makes it writable)."),
                        "\(session.output)")
                #expect(!session.output.contains("folder"), "\(session.output)")
            }
        }
    }
}
