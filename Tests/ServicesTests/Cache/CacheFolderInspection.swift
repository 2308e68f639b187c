import Foundation
import Glibc

/// What is in a cache folder, read straight from the file system (not through the cache's own count).
struct CacheFolderInspection {
    let folder: URL

    /// Every file in the folder, with what `stat` says.
    var files: [(name: String, info: stat)] {
        // A folder that cannot be listed has no files to show; the test then fails on what it expected.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            var info = stat()
            guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { return nil }
            return (name, info)
        }
    }

    /// Bytes the folder's files take on disk (allocated blocks), and their sizes, whichever is larger.
    var bytesOnDisk: Int {
        files.reduce(0) { $0 + max(Int($1.info.st_blocks) * 512, Int($1.info.st_size)) }
    }

    var entryNames: [String] { files.map(\.name).filter { $0.hasSuffix(".entry") } }

    func mode(_ name: String) -> mode_t? {
        var info = stat()
        guard lstat(folder.appendingPathComponent(name).path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    var folderMode: mode_t? {
        var info = stat()
        guard lstat(folder.path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }
}
