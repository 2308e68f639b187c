import Foundation
public import Presenter

/// Prints what `recipes catalog build` made: one JSON object a line on stdout (a PuppyServer catalog),
/// a line on stderr for each page left out. Exit 0 when any line was written, 3 when the pages held no
/// recipe, 1 when none could be read.
public struct CatalogLinesOutput {
    let sink: any TextSink
    let messages = Messages(mode: .oneShot)

    public init(sink: any TextSink = StandardStreams()) {
        self.sink = sink
    }

    public func print(_ outcome: CatalogBuildOutcome, pages: Int) -> ExitCode {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for line in outcome.lines {
            do {
                sink.write(String(decoding: try encoder.encode(line), as: UTF8.self) + "\n", to: .standardOutput)
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
        let line = Renderer(width: 10_000, colors: false, wrapsMessages: false).message(message).joined(separator: " ")
        sink.write(line + "\n", to: .standardError)
    }
}
