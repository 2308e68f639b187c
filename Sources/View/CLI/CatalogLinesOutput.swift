import Foundation
public import Presenter

/// Prints what `recipes catalog build` made: one JSON object a line on stdout (a PuppyServer catalog),
/// a line on stderr for each page left out. Exit 0 when any line was written, 3 when the pages held no
/// recipe, 1 when none could be read or the catalog could not be written (a full disk: said on stderr;
/// a reader gone: quietly).
public struct CatalogLinesOutput {
    let output: OneShotOutput
    let messages = Messages(mode: .oneShot)

    public init(sink: any TextSink = StandardStreams()) {
        output = OneShotOutput(sink: sink, width: 10_000, colors: false)
    }

    public func print(_ outcome: CatalogBuildOutcome, pages: Int) -> ExitCode {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for line in outcome.lines {
            do {
                guard output.emit(String(decoding: try encoder.encode(line), as: UTF8.self) + "\n", what: "the catalog") else {
                    return .failure
                }
            } catch {
                report(messages.cannotEncodeJSON("the catalog line for \(line.title)", reason: "\(error)"))
                return .failure
            }
        }
        outcome.notes.forEach(report)
        if !outcome.lines.isEmpty { return .success }
        return outcome.failures == pages ? .failure : .nothingFound
    }

    private func report(_ message: MessageModel) {
        output.report(message)
    }
}
