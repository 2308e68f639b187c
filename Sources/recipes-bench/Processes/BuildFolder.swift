import Foundation

/// The folder this benchmark was built into, where the package's other binaries are.
enum BuildFolder {
    static var url: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }

    /// The `recipes` binary built next to this one (the package builds it before recipes-bench).
    static func recipesBinary() throws -> String {
        let path = url.appendingPathComponent("recipes").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError("no recipes binary at \(path): build it with `swift build -c release --product recipes`")
        }
        return path
    }

    static var isReleaseBuild: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }
}
