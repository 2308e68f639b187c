import Foundation
import Glibc
import TestSupport

/// The programs the benchmark runs: the package's own `recipes`, and tools found on PATH.
enum Tools {
    static var isReleaseBuild: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    /// The `recipes` binary built next to this one.
    static func recipesBinary() throws -> String {
        let path = BinaryRunner.url(of: "recipes").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError("no recipes binary at \(path): build it with `swift build -c release --product recipes`")
        }
        return path
    }

    /// A program on PATH or in the sbin folders (where nginx lives).
    /// Data kept beside the repository: `$variable` when set, else `path` under `../shared/data/`.
    static func sharedData(_ variable: String, _ path: String) -> URL {
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty {
            return URL(fileURLWithPath: value)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("../shared/data/" + path)
            .standardizedFileURL
    }

    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return folders.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
    }

    /// A program found on PATH for use as a reference.
    struct Program {
        let path: String
        /// True when it is a script rather than a compiled binary (its interpreter starts first).
        let isScript: Bool
    }

    /// `name` on PATH or in /usr/bin and /bin, preferring a compiled binary (ELF) to a script of the
    /// same name earlier on PATH, so a wrapper's interpreter is not timed as part of the reference.
    static func findBinary(_ name: String) -> Program? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = (path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"]).map { $0 + "/" + name }
            .filter { access($0, X_OK) == 0 }
        let isELF = { (file: String) in
            // A file that cannot be read is not taken for a binary.
            (FileHandle(forReadingAtPath: file).flatMap { try? $0.read(upToCount: 4) }) == Data([0x7F, 0x45, 0x4C, 0x46])
        }
        if let binary = candidates.first(where: isELF) { return Program(path: binary, isScript: false) }
        return candidates.first.map { Program(path: $0, isScript: true) }
    }

    /// Runs a program to its end and returns its stdout and stderr; throws when it does not exit 0.
    static func run(_ path: String, _ arguments: [String], timeout: Duration = .seconds(60)) throws -> String {
        let result = try BinaryRunner.run(path, arguments, environment: ProcessInfo.processInfo.environment, timeout: timeout)
        guard result.status == 0, !result.timedOut else {
            let name = URL(fileURLWithPath: path).lastPathComponent
            throw BenchError("\(name) failed (exit \(result.status)): \((result.output + result.errors).suffix(500))")
        }
        return result.output + result.errors
    }

    /// The environment `recipes` (and its references) run in: the tests' own (a private HOME, so every
    /// RecipeBook folder is in `home`), without Swift's crash backtracer.
    static func environment(home: URL) -> [String: String] {
        BinaryRunner.environment(home: home, extra: ["SWIFT_BACKTRACE": "enable=no"])
    }
}
