import Foundation
import Glibc

/// Why a file could not be written: what is at the path is not a file to replace, or writing failed.
public struct FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case refused, failed
    }

    /// What the file system's refusal comes down to, for advice that fits it.
    public enum Cause: Hashable, Sendable {
        case noSpace, notPermitted, readOnlyDisk, nameTooLong, noFolder, other
    }

    private let code: Code
    /// The path asked for.
    public let path: String
    /// Why, in words: `it is a symbolic link`, `No space left on device`.
    public let reason: String
    public let cause: Cause

    private init(_ code: Code, path: String, reason: String, cause: Cause) {
        self.code = code
        self.path = path
        self.reason = reason
        self.cause = cause
    }

    /// The path names something that is not a regular file (a link, a folder, a named pipe, a device,
    /// a socket), which is never written through or replaced, or no file that may be written.
    public static func refused(_ path: String, _ reason: String) -> FileWriteError {
        FileWriteError(.refused, path: path, reason: reason, cause: .other)
    }
    /// The file system said no.
    public static func failed(_ path: String, _ reason: String, cause: Cause = .other) -> FileWriteError {
        FileWriteError(.failed, path: path, reason: reason, cause: cause)
    }
    /// The file system said no with `errno`.
    static func failed(_ path: String, errno number: Int32) -> FileWriteError {
        let cause: Cause = switch number {
        case ENOSPC, EDQUOT, EFBIG: .noSpace
        case EACCES, EPERM: .notPermitted
        case EROFS: .readOnlyDisk
        case ENAMETOOLONG: .nameTooLong
        case ENOENT, ENOTDIR: .noFolder
        default: .other
        }
        return .failed(path, String(cString: strerror(number)), cause: cause)
    }

    public var isRefusal: Bool { code == .refused }

    public var description: String { "\(path): \(reason)" }
}

/// Writes a text file for a person (a shopping list in Markdown).
public protocol TextFileWriting: Sendable {
    /// Writes `text` to the file `path` names (as typed: `~` is the home folder); the path written.
    func write(_ text: String, to path: String) throws(FileWriteError) -> String
}

/// Writes a text file whole or not at all: into a temporary file beside it, which takes its place once
/// written (a failure leaves an older file as it was). Only a new name or a regular file is written: a
/// symbolic link, a folder, a named pipe, a device or a socket at the path is refused before anything is
/// written, since writing there would not write where the person meant.
public struct TextFileWriter: TextFileWriting {
    private let places: FilePlaces

    public init(places: FilePlaces = FilePlaces()) {
        self.places = places
    }

    @discardableResult
    public func write(_ text: String, to typed: String) throws(FileWriteError) -> String {
        let path = try places.path(for: typed)
        let file = URL(fileURLWithPath: path)
        let temporary = FilePlaces.temporary(for: file).path
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .failed(path, errno: errno) }
        var failure: FileWriteError?
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                failure = .failed(path, errno: written < 0 ? errno : ENOSPC)
                break
            }
            offset += written
        }
        if close(descriptor) != 0, failure == nil { failure = .failed(path, errno: errno) }
        do throws(FileWriteError) {
            if let failure { throw failure }
            // What is at the path may have changed while the file was written.
            try places.check(path)
            guard rename(temporary, path) == 0 else { throw .failed(path, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        return path
    }

    /// Refuses a path that names something other than a regular file, or whose folder is not there.
    static func checkWritable(_ path: String) throws(FileWriteError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            guard errno == ENOENT else { throw .failed(path, errno: errno) }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
                throw .failed(path, "there is no folder \(folder)", cause: .noFolder)
            }
            return
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: kind = "a symbolic link"
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw .refused(path, "it is \(kind); give the name of a new file or of a regular file to replace")
    }
}
