import Foundation
import Glibc
public import Presenter

/// Prints a one-shot result: recipes on stdout (JSON or plain text), messages on stderr, and the exit
/// code a script can trust.
public struct OneShotOutput {
    let sink: any TextSink
    let width: Int
    let colors: Bool
    let messages = Messages(mode: .oneShot)

    public init(sink: any TextSink = StandardStreams(), width: Int, colors: Bool) {
        self.sink = sink
        self.width = width
        self.colors = colors
    }

    public func print(_ outcome: OneShotOutcome, json: Bool) -> ExitCode {
        switch outcome {
        case .found(let records, let cards, let notes):
            guard write(records, cards: cards, json: json) else { return .failure }
            notes.forEach(report)
            return .success
        case .nothingFound(let message):
            if json { sink.write("[]\n", to: .standardOutput) }
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// A one-line answer: on stdout when it is the answer, on stderr (exit 1) when it is an error.
    public func print(_ message: MessageModel) -> ExitCode {
        guard message.kind != .error else {
            report(message)
            return .failure
        }
        sink.write(Renderer(width: width, colors: false, wrapsMessages: false).message(message).joined(separator: " ") + "\n", to: .standardOutput)
        return .success
    }

    /// A message on stderr, on one line.
    func report(_ message: MessageModel) {
        let line = Renderer(width: width, colors: false, wrapsMessages: false).message(message).joined(separator: " ")
        sink.write(line + "\n", to: .standardError)
    }

    /// Results on stdout: a JSON array, or cards with their links; false (after saying why on stderr)
    /// when they cannot be written.
    func write<Record: Encodable>(_ records: [Record], cards: [RecipeCard], json: Bool) -> Bool {
        if json {
            do {
                sink.write(try encode(records) + "\n", to: .standardOutput)
                return true
            } catch {
                report(messages.cannotEncodeJSON("the results", reason: "\(error)"))
                return false
            }
        }
        let renderer = Renderer(width: width, colors: colors)
        let numberWidth = String(cards.map(\.number).max() ?? 0).count
        sink.write(cards.flatMap { renderer.card($0, numberWidth: numberWidth, link: true) }.joined(separator: "\n") + "\n",
                   to: .standardOutput)
        return true
    }

    func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

extension OneShotOutput {
    /// `recipes read`: the recipe on stdout (a JSON object, or its card), messages on stderr.
    public func print(_ outcome: ReadOutcome, json: Bool) -> ExitCode {
        switch outcome {
        case .found(let record, let card, let notes):
            if json {
                do {
                    sink.write(try encode(record) + "\n", to: .standardOutput)
                } catch {
                    report(messages.cannotEncodeJSON("the recipe", reason: "\(error)"))
                    return .failure
                }
            } else {
                sink.write(Renderer(width: width, colors: colors).page(card).joined(separator: "\n") + "\n", to: .standardOutput)
            }
            notes.forEach(report)
            return .success
        case .noRecipe(let message):
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// `recipes favorites`: the list on stdout, messages on stderr.
    public func print(_ outcome: FavoritesOutcome, json: Bool) -> ExitCode {
        switch outcome {
        case .found(let records, let cards):
            return write(records, cards: cards, json: json) ? .success : .failure
        case .empty(let message):
            if json { sink.write("[]\n", to: .standardOutput) }
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// `recipes favorites --export FILE.md`: writes the cookbook a piece at a time into a temporary file
    /// beside FILE.md, which takes FILE.md's place once the whole cookbook is written (a failure leaves
    /// any older FILE.md as it was), and each picture into the cookbook's pictures folder beside it
    /// (`FILE-images/`, made when the first picture needs it). A picture replaces a file of the same
    /// name there; a symbolic link in its place is replaced, never followed, and a pictures folder that
    /// is not a folder (a file, a link) is refused, so nothing is written outside it. Says on stderr what
    /// was written where.
    @MainActor
    public func export(_ cookbook: Cookbook, to path: String) async -> ExitCode {
        let file = URL(fileURLWithPath: path)
        let beside = file.deletingLastPathComponent()
        let folder = beside.appendingPathComponent(cookbook.picturesFolder, isDirectory: true)
        let temporary = beside.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).part")
        var writing = path
        var pictures = 0
        do {
            try OneShotOutput.writeAnew(Data(), to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            var folderReady = false
            do {
                while let chunk = await cookbook.next() {
                    try handle.write(contentsOf: Data(chunk.markdown.utf8))
                    for picture in chunk.pictures {
                        if !folderReady {
                            writing = folder.path
                            try OneShotOutput.preparePicturesFolder(folder)
                            folderReady = true
                        }
                        writing = folder.appendingPathComponent(picture.fileName).path
                        try OneShotOutput.writeAnew(picture.bytes, to: folder.appendingPathComponent(picture.fileName))
                        pictures += 1
                    }
                    writing = path
                }
                try handle.close()
            } catch {
                // The write failed already; closing can only fail the same way, and the file is removed.
                try? handle.close()
                throw error
            }
            if let problem = cookbook.problem {
                OneShotOutput.remove(temporary)
                report(problem)
                return .failure
            }
            guard rename(temporary.path, file.path) == 0 else { throw ExportFailure("\(String(cString: strerror(errno)))") }
        } catch {
            OneShotOutput.remove(temporary)
            let reason = (error as? ExportFailure)?.reason ?? error.localizedDescription
            report(messages.cannotWrite(writing, reason: reason))
            return .failure
        }
        let count = cookbook.count
        var line = "Wrote \(count) favorite\(count == 1 ? "" : "s") to \(path)"
        if pictures > 0 { line += ", \(pictures) picture\(pictures == 1 ? "" : "s") in \(folder.path)/" }
        sink.write(line + "\n", to: .standardError)
        return .success
    }

    /// Makes the pictures folder, or checks that the one there is a real folder (not a file, not a link).
    private static func preparePicturesFolder(_ folder: URL) throws {
        var info = stat()
        if lstat(folder.path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw ExportFailure("it is there already and is not a folder") }
            return
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    /// Writes `bytes` in place of whatever has the name: that entry is removed first (a link goes,
    /// whatever it points to stays) and the file made anew, never opened through a link. Pictures are not
    /// synced to disk one by one: an export is written again at will, and a sync per picture cost 1 to
    /// 12 ms each here while other programs wrote.
    private static func writeAnew(_ bytes: Data, to file: URL) throws {
        guard unlink(file.path) == 0 || errno == ENOENT else { throw ExportFailure(String(cString: strerror(errno))) }
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportFailure(String(cString: strerror(errno))) }
        defer { Glibc.close(descriptor) }
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw ExportFailure(String(cString: strerror(errno))) }
                offset += written
            }
        }
    }

    private static func remove(_ file: URL) {
        // The temporary file of a failed export: if it cannot be removed, the error already reported is
        // still the one that matters.
        try? FileManager.default.removeItem(at: file)
    }
}

/// Why a cookbook could not be written, in words.
private struct ExportFailure: Error {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
