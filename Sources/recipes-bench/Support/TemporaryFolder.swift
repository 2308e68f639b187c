import Foundation
import Glibc

/// A folder under the system's temporary directory, removed by `remove()`.
final class TemporaryFolder {
    let url: URL

    init(_ label: String) throws {
        var template = Array((NSTemporaryDirectory() + "/recipes-bench-\(label)-XXXXXX").utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let path = mkdtemp(base) else { return nil }
            return String(cString: path)
        }
        guard let made else { throw BenchError("cannot create a temporary folder: \(String(cString: strerror(errno)))") }
        url = URL(fileURLWithPath: made, isDirectory: true).standardizedFileURL
    }

    var path: String { url.path }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Makes a sub-folder and returns it.
    func folder(_ name: String) throws -> URL {
        let folder = url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ text: String, to name: String) throws -> URL {
        let file = file(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// Removes the folder; says so on stderr when it cannot (it may be large).
    func remove() {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            Console.message("could not remove \(path): \(error.localizedDescription)")
        }
    }
}
