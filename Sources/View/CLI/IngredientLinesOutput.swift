import Foundation
public import Presenter

extension OneShotOutput {
    /// `recipes ingredients`: every line of stdin read into its parts, one line out for each line in (an
    /// empty line in gives an empty record), written as it goes in pieces of about 64 KB.
    public func printIngredientLines(_ presenter: IngredientLinesPresenter, json: Bool) -> ExitCode {
        printIngredientLines(StandardInputLines(), presenter, json: json)
    }

    func printIngredientLines(_ lines: some Sequence<String>, _ presenter: IngredientLinesPresenter, json: Bool) -> ExitCode {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var pending = ""
        for text in lines {
            let (record, summary) = presenter.read(text)
            if json {
                do {
                    pending += String(decoding: try encoder.encode(record), as: UTF8.self)
                } catch {
                    _ = emit(pending, what: "the ingredient lines")
                    report(messages.cannotEncodeJSON("an ingredient line", reason: "\(error)"))
                    return .failure
                }
            } else {
                pending += PrintableText.line(summary)
            }
            pending += "\n"
            if pending.utf8.count >= 64 << 10 {
                // A reader gone (`| head -1`) or a full disk ends the reading at once.
                guard emit(pending, what: "the ingredient lines") else { return .failure }
                pending = ""
            }
        }
        if !pending.isEmpty, !emit(pending, what: "the ingredient lines") { return .failure }
        return .success
    }
}
