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
            if json, !emit("[]\n", what: "the results") { return .failure }
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        case .refused(let message):
            report(message)
            return .usage
        }
    }

    /// A one-line answer: on stdout when it is the answer, on stderr (exit 1) when it is an error.
    public func print(_ message: MessageModel) -> ExitCode {
        guard message.kind != .error else {
            report(message)
            return .failure
        }
        let line = Renderer(width: width, colors: false, wrapsMessages: false).message(message).joined(separator: " ") + "\n"
        return emit(line, what: "the answer") ? .success : .failure
    }

    /// A message on stderr, on one line.
    func report(_ message: MessageModel) {
        let line = Renderer(width: width, colors: false, wrapsMessages: false).message(message).joined(separator: " ")
        sink.write(line + "\n", to: .standardError)
    }

    /// Writes `text` on stdout: true when it arrived. A reader that went away (`| head -1`) ends the
    /// command quietly; a write the system refuses (a full disk) is said on stderr in one line. Either
    /// way the caller stops and exits 1.
    func emit(_ text: String, what: String) -> Bool {
        switch sink.deliver(text, to: .standardOutput) {
        case .written:
            return true
        case .closed:
            return false
        case .failed(let code):
            report(messages.cannotWriteOutput(what, reason: String(cString: strerror(code)), full: code == ENOSPC || code == EDQUOT))
            return false
        }
    }

    /// Results on stdout: a JSON array, or cards with their links; false (after saying why on stderr)
    /// when they cannot be written.
    func write<Record: Encodable>(_ records: [Record], cards: [RecipeCard], json: Bool) -> Bool {
        if json {
            do {
                return emit(try encode(records) + "\n", what: "the results")
            } catch {
                report(messages.cannotEncodeJSON("the results", reason: "\(error)"))
                return false
            }
        }
        let renderer = Renderer(width: width, colors: colors)
        let numberWidth = String(cards.map(\.number).max() ?? 0).count
        return emit(cards.flatMap { renderer.card($0, numberWidth: numberWidth, link: true) }.joined(separator: "\n") + "\n",
                    what: "the results")
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
                    guard emit(try encode(record) + "\n", what: "the recipe") else { return .failure }
                } catch {
                    report(messages.cannotEncodeJSON("the recipe", reason: "\(error)"))
                    return .failure
                }
            } else {
                guard emit(Renderer(width: width, colors: colors).page(card).joined(separator: "\n") + "\n", what: "the recipe") else {
                    return .failure
                }
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
            if json, !emit("[]\n", what: "the favorites") { return .failure }
            report(message)
            return .nothingFound
        case .failed(let message):
            report(message)
            return .failure
        }
    }

    /// `recipes favorites --export -`: the cookbook on stdout as it is made, a batch at a time; nothing
    /// more is said when it is whole, as Unix tools say nothing; why it stopped, on stderr.
    @MainActor
    public func print(_ cookbook: Cookbook) async -> ExitCode {
        while let chunk = await cookbook.next() {
            guard emit(chunk.markdown, what: "the cookbook") else { return .failure }
        }
        if let problem = cookbook.problem {
            report(problem)
            return .failure
        }
        return .success
    }

    /// `recipes favorites --export FILE.md`: what was written where, or why nothing was, on stderr.
    public func print(_ outcome: ExportOutcome) -> ExitCode {
        switch outcome {
        case .written(let message):
            report(message)
            return .success
        case .failed(let message):
            report(message)
            return .failure
        }
    }
}
