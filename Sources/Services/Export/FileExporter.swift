import Foundation
import Glibc
public import ServiceSupport

/// Writes a file for the person (the cookbook) and the pictures in a folder beside it.
///
/// The file is written a piece at a time into a temporary file beside it, which takes its place once
/// the whole of it is written (a failure leaves any older file as it was). Only a new name or a regular
/// file is written: a named pipe, a device, a socket, a folder or a symbolic link at the path is refused
/// before anything is written, since replacing it would not write where the person meant (a link's
/// target, the device) and says so with exit 0. Each picture replaces a file of the same name in the
/// pictures folder; a symbolic link in its place is replaced, never followed, and a pictures folder
/// that is not a folder (a file, a link) is refused, so nothing is written outside it.
public struct FileExporter: ExportWriting {
    private let places: FilePlaces

    public init(places: FilePlaces = FilePlaces()) {
        self.places = places
    }

    /// Starts the file `typed` names (`~` is the home folder).
    public func begin(_ typed: String, picturesFolder: String) throws(ServiceError) -> any ExportDraft {
        let path = try FileExporter.checked { () throws(FileWriteError) in try places.path(for: typed) }
        return try Draft(path: path, picturesFolder: picturesFolder, places: places)
    }

    /// The rule every file written for a person follows (`FilePlaces`), its refusal as a service error.
    static func checked<T>(_ body: () throws(FileWriteError) -> T) throws(ServiceError) -> T {
        do throws(FileWriteError) {
            return try body()
        } catch {
            throw .unwritable.with(detail: error.description)
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// One export being written.
    final class Draft: ExportDraft, @unchecked Sendable {
        // Used by one caller at a time, as `ExportDraft` asks: no lock.
        private let path: String
        private let file: URL
        private let folder: URL
        private let temporary: URL
        private var descriptor: Int32
        private var folderReady = false
        private var pictures = 0
        private let places: FilePlaces

        init(path: String, picturesFolder: String, places: FilePlaces) throws(ServiceError) {
            self.path = path
            self.places = places
            file = URL(fileURLWithPath: path)
            let beside = file.deletingLastPathComponent()
            folder = beside.appendingPathComponent(picturesFolder, isDirectory: true)
            temporary = FilePlaces.temporary(for: file)
            descriptor = try Draft.create(temporary, naming: path)
        }

        deinit {
            discard()
        }

        func append(_ text: String) throws(ServiceError) {
            guard descriptor >= 0 else { throw .unwritable.with(detail: "\(path): the export was closed") }
            guard CacheFiles.write(descriptor, Data(text.utf8)) else {
                throw .unwritable.with(detail: "\(path): \(FileExporter.lastError())")
            }
        }

        func addPicture(named name: String, bytes: Data) throws(ServiceError) {
            if !folderReady {
                try Draft.preparePicturesFolder(folder)
                folderReady = true
            }
            let picture = folder.appendingPathComponent(name)
            // Pictures are not synced to disk one by one: an export is written again at will, and a sync
            // per picture cost 1 to 12 ms each while other programs wrote.
            let written = try Draft.create(picture, naming: picture.path)
            defer { Glibc.close(written) }
            guard CacheFiles.write(written, bytes) else {
                throw .unwritable.with(detail: "\(picture.path): \(FileExporter.lastError())")
            }
            pictures += 1
        }

        func commit() throws(ServiceError) -> ExportedFiles {
            guard descriptor >= 0 else { throw .unwritable.with(detail: "\(path): the export was closed") }
            let closed = Glibc.close(descriptor)
            descriptor = -1
            guard closed == 0 else {
                let reason = FileExporter.lastError()
                discard()
                throw .unwritable.with(detail: "\(path): \(reason)")
            }
            // Checked again: what is at the path may have changed while the file was written.
            do throws(ServiceError) {
                try FileExporter.checked { () throws(FileWriteError) in try places.check(path) }
            } catch {
                discard()
                throw error
            }
            guard rename(temporary.path, file.path) == 0 else {
                let reason = FileExporter.lastError()
                discard()
                throw .unwritable.with(detail: "\(path): \(reason)")
            }
            return ExportedFiles(path: path, pictures: pictures, picturesFolder: pictures > 0 ? folder.path : nil)
        }

        func discard() {
            if descriptor >= 0 {
                Glibc.close(descriptor)
                descriptor = -1
            }
            // The temporary file of a failed export: gone already, or the error reported is the one that matters.
            unlink(temporary.path)
        }

        /// Makes `file` anew in place of whatever has the name: that entry is removed first (a link
        /// goes, whatever it points to stays) and the file made, never opened through a link.
        private static func create(_ file: URL, naming name: String) throws(ServiceError) -> Int32 {
            guard unlink(file.path) == 0 || errno == ENOENT else {
                throw .unwritable.with(detail: "\(name): \(FileExporter.lastError())")
            }
            let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .unwritable.with(detail: "\(name): \(FileExporter.lastError())") }
            return descriptor
        }

        /// Makes the pictures folder, or checks that the one there is a real folder (not a file, not a link).
        private static func preparePicturesFolder(_ folder: URL) throws(ServiceError) {
            var info = stat()
            if lstat(folder.path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw .unwritable.with(detail: "\(folder.path): it is there already and is not a folder")
                }
                return
            }
            guard mkdir(folder.path, 0o755) == 0 else {
                throw .unwritable.with(detail: "\(folder.path): \(FileExporter.lastError())")
            }
        }
    }
}

/// What an export wrote.
public struct ExportedFiles: Sendable, Equatable {
    public let path: String
    public let pictures: Int
    /// The pictures' folder, when any picture was written.
    public let picturesFolder: String?

    public init(path: String, pictures: Int, picturesFolder: String?) {
        self.path = path
        self.pictures = pictures
        self.picturesFolder = picturesFolder
    }
}
