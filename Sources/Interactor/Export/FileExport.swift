public import Foundation
public import Services
import ServiceSupport

/// Writing a file for the person (the cookbook and its pictures) through an exporter; its failures
/// are told as the use cases tell them.
public struct FileExport: Sendable {
    private let writer: any ExportWriting

    public init(writer: any ExportWriting) {
        self.writer = writer
    }

    /// Starts the file at `path`, its pictures in `picturesFolder` beside it. A path that names
    /// anything but a new file or a regular file is refused here, before anything is written.
    public func begin(at path: String, picturesFolder: String) throws(UseCaseError) -> ExportFile {
        do throws(ServiceError) {
            return ExportFile(draft: try writer.begin(path, picturesFolder: picturesFolder))
        } catch {
            throw UseCaseError(error, during: .export)
        }
    }
}

/// A file being written: nothing is in place until `finish`, and a file that is abandoned (or fails)
/// leaves whatever was at its path as it was.
public final class ExportFile: Sendable {
    private let draft: any ExportDraft

    init(draft: any ExportDraft) {
        self.draft = draft
    }

    public func append(_ text: String) throws(UseCaseError) {
        try run { () throws(ServiceError) in try draft.append(text) }
    }

    public func addPicture(named name: String, bytes: Data) throws(UseCaseError) {
        try run { () throws(ServiceError) in try draft.addPicture(named: name, bytes: bytes) }
    }

    /// Puts the file in place; what was written.
    public func finish() throws(UseCaseError) -> WrittenExport {
        let files = try run { () throws(ServiceError) in try draft.commit() }
        return WrittenExport(path: files.path, pictures: files.pictures, picturesFolder: files.picturesFolder)
    }

    public func abandon() {
        draft.discard()
    }

    private func run<T>(_ body: () throws(ServiceError) -> T) throws(UseCaseError) -> T {
        do throws(ServiceError) {
            return try body()
        } catch {
            draft.discard()
            throw UseCaseError(error, during: .export)
        }
    }
}

/// What an export wrote: the file, and how many pictures went into which folder.
public struct WrittenExport: Sendable, Equatable {
    public let path: String
    public let pictures: Int
    public let picturesFolder: String?
}
