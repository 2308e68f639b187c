import Foundation
import Glibc

/// Where a file written for the person (the shopping list, the cookbook) may go: the path as typed,
/// `~` and `~/…` read as the home folder (the prompt has no shell to expand them); never one of
/// RecipeBook's own files (the favorites database and its journal files, which writing over would
/// destroy); and only a new name or a regular file (`checkWritable`).
public struct FilePlaces: Sendable {
    /// The home folder `~` stands for; nil leaves `~` as it is.
    public let home: String?
    /// RecipeBook's own files, which are never written over.
    public let ownFiles: [String]

    public init(home: String? = nil, ownFiles: [String] = []) {
        self.home = home.flatMap { $0.hasPrefix("/") ? $0 : nil }
        self.ownFiles = ownFiles
    }

    /// The path a typed name stands for, checked: `~` expanded, not empty, not one of RecipeBook's own
    /// files, and naming a new file or a regular file in a folder that is there.
    public func path(for typed: String) throws(FileWriteError) -> String {
        guard !typed.isEmpty else { throw .refused(typed, "no file name was given") }
        var path = typed
        if typed == "~" || typed.hasPrefix("~/") {
            guard let home else { throw .refused(typed, "~ stands for the home folder, which is not known here (HOME is not set); give the whole path") }
            path = home + typed.dropFirst()
        }
        try check(path)
        return path
    }

    /// `checkWritable`, and not one of RecipeBook's own files (by name in the same folder, or by being
    /// the same file under another name).
    func check(_ path: String) throws(FileWriteError) {
        let target = FilePlaces.canonical(path)
        var info = stat()
        let exists = stat(path, &info) == 0
        for own in ownFiles {
            var ownInfo = stat()
            let same = FilePlaces.canonical(own) == target
                || (exists && stat(own, &ownInfo) == 0 && ownInfo.st_dev == info.st_dev && ownInfo.st_ino == info.st_ino)
            if same {
                throw .refused(path, "it is RecipeBook's own \(URL(fileURLWithPath: own).lastPathComponent), which holds your favorites; give another name")
            }
        }
        try TextFileWriter.checkWritable(path)
    }

    /// The temporary file a file is written into before it takes its place: beside it, hidden, and
    /// short enough that a name near the file system's limit (255 bytes) still has one.
    static func temporary(for file: URL) -> URL {
        var name = file.lastPathComponent
        let suffix = ".\(getpid()).part"
        let room = 255 - 1 - suffix.utf8.count
        while name.utf8.count > room { name.removeLast() }
        return file.deletingLastPathComponent().appendingPathComponent("." + name + suffix)
    }

    /// The path with its folder's links and dots resolved (the folder as the file system knows it).
    private static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }
}
