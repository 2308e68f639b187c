import Foundation
public import Entity
import RecipeReader
import Glibc

/// The recipe files of a person's collection on disk: the Markdown and Cooklang files of a folder and
/// its folders, and each file read within bounds (its size, text only) into a `FileRecipe`.
public struct RecipeFiles: Sendable {
    /// The largest recipe file read; a larger one is named and passed over.
    public let maxBytes: Int
    /// How deep folders are searched.
    public let maxDepth: Int
    /// The most files one folder gives.
    public let maxFiles: Int

    public init(maxBytes: Int = 4 << 20, maxDepth: Int = 64, maxFiles: Int = 5_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxFiles = maxFiles
    }

    /// Whether `path` names a recipe file by its name (`.md`, `.markdown`, `.cook`).
    public func isRecipeFile(_ path: String) -> Bool {
        RecipeFileReader.Format(fileName: path) != nil
    }

    /// The recipe files under `path` in name order, when it is a folder (nil when it is not), and a
    /// problem for each folder that could not be read. Folders and files whose names start with a dot
    /// are passed over, and so are links to folders (a link never makes the search loop).
    public func list(_ path: String) -> (files: [String], problems: [(path: String, problem: RecipeFileProblem)])? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        var files: [String] = []
        var problems: [(path: String, problem: RecipeFileProblem)] = []
        var folders: [(path: String, depth: Int)] = [(path, 0)]
        var overDepth = false
        while let (folder, depth) = folders.popLast() {
            guard let stream = opendir(folder) else {
                problems.append((folder, .unreadable(String(cString: strerror(errno)))))
                continue
            }
            var names: [(name: String, isFolder: Bool)] = []
            while let entry = readdir(stream) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                guard !name.hasPrefix(".") else { continue }
                let full = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                var isFolder: Bool
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): isFolder = true
                case Int32(DT_REG): isFolder = false
                default:
                    // A link or a file system that does not say: a link to a file is read, a link to a
                    // folder is not followed.
                    var link = stat()
                    guard lstat(full, &link) == 0 else { continue }
                    isFolder = link.st_mode & S_IFMT == S_IFDIR
                    if link.st_mode & S_IFMT == S_IFLNK {
                        var target = stat()
                        guard stat(full, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { continue }
                        isFolder = false
                    }
                }
                if isFolder || isRecipeFile(name) { names.append((name, isFolder)) }
            }
            closedir(stream)
            names.sort { $0.name < $1.name }
            // Files of this folder in order, its folders after them (pushed in reverse to pop in order).
            for entry in names where !entry.isFolder {
                guard files.count < maxFiles else { break }
                files.append(folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name)
            }
            for entry in names.reversed() where entry.isFolder {
                guard depth < maxDepth else {
                    overDepth = true
                    continue
                }
                folders.append((folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name, depth + 1))
            }
        }
        if overDepth {
            problems.append((path, .unreadable("folders nested more than \(maxDepth) deep were not searched")))
        }
        if files.count >= maxFiles {
            problems.append((path, .unreadable("holds more than \(maxFiles) recipe files; the first \(maxFiles) were read")))
        }
        return (files, problems)
    }

    /// The recipe in the file at `path`: read when it is a regular file of at most `maxBytes` of text.
    public func recipe(atPath path: String) -> Result<FileRecipe, RecipeFileProblem> {
        guard let format = RecipeFileReader.Format(fileName: path) else {
            return .failure(.unreadable("is not a Markdown (.md) or Cooklang (.cook) file"))
        }
        let bytes: [UInt8]
        switch contents(of: path) {
        case .success(let read): bytes = read
        case .failure(let problem): return .failure(problem)
        }
        guard !bytes.isEmpty else { return .failure(.empty) }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { return .failure(.notText) }
        return RecipeFileReader.read(text, format: format, fileName: path)
    }

    private func contents(of path: String) -> Result<[UInt8], RecipeFileProblem> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.unreadable("is not a regular file")) }
        guard Int(status.st_size) <= maxBytes else { return .failure(.tooLarge(bytes: Int(status.st_size), limit: maxBytes)) }
        // Read to the limit and one byte past it, whatever the size said (a file that grows meanwhile).
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + count }, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if got == 0 { break }
            count += got
            if count == bytes.count, count <= maxBytes { bytes.append(contentsOf: repeatElement(0, count: min(maxBytes + 1 - count, 1 << 16))) }
        }
        guard count <= maxBytes else { return .failure(.tooLarge(bytes: count, limit: maxBytes)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
