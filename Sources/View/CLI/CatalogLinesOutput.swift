import Foundation
public import Presenter

/// Prints what `recipes catalog build` makes as it makes it: one JSON object a line on stdout (a
/// PuppyServer catalog), a line on stderr for each source left out and for progress. Exit 0 when any
/// line was written, 3 when the sources held no recipe, 1 when none could be read or the catalog could
/// not be written (a full disk: said on stderr; a reader gone: quietly).
@MainActor
public final class CatalogLinesOutput: CatalogBuildOutput {
    let output: OneShotOutput
    let messages = Messages(mode: .oneShot)
    private let encoder = JSONEncoder()

    public init(sink: any TextSink = StandardStreams()) {
        output = OneShotOutput(sink: sink, width: 10_000, colors: false)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    public func emit(_ line: CatalogLineRecord) -> Bool {
        do {
            return output.emit(String(decoding: try encoder.encode(line), as: UTF8.self) + "\n", what: "the catalog")
        } catch {
            report(messages.cannotEncodeJSON("the catalog line for \(line.title)", reason: "\(error)"))
            return false
        }
    }

    public func report(_ message: MessageModel) {
        output.report(message)
    }

    public func exitCode(_ summary: CatalogBuildSummary) -> ExitCode {
        if summary.stopped { return .failure }
        if summary.written > 0 { return .success }
        return summary.failures == summary.sources ? .failure : .nothingFound
    }
}
