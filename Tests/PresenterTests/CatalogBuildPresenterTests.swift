import Foundation
import Testing
import TestSupport
import Interactor
@testable import Presenter

/// Records what a catalog build hands its output, as it hands it.
@MainActor
private final class RecordingCatalogOutput: CatalogBuildOutput {
    var events: [String] = []
    var lines: [CatalogLineRecord] = []
    var acceptLines = Int.max

    func emit(_ line: CatalogLineRecord) -> Bool {
        guard lines.count < acceptLines else { return false }
        lines.append(line)
        events.append("line \(line.id)")
        return true
    }

    func report(_ message: MessageModel) {
        events.append("note \(message.text)")
    }
}

@MainActor
@Suite("Building a catalog from recipe files")
struct CatalogBuildPresenterTests {
    private func folder(_ files: [String: String], _ body: (String) async throws -> Void) async throws {
        try await TemporaryDirectory.with { url in
            for (name, text) in files {
                try Data(text.utf8).write(to: url.appendingPathComponent(name))
            }
            try await body(url.path)
        }
    }

    private func presenter(every: Int) -> CatalogBuildPresenter {
        let reading = ReadingInteractor(fetcher: FakePageFetcher(pages: [:], unknown: .notFound, picture: nil), saved: nil)
        return CatalogBuildPresenter(reading: reading, progressEvery: every)
    }

    @Test func linesAreWrittenAsTheyAreMadeWithProgressBetweenThemAndSharedTitlesNumbered() async throws {
        let soup = "# Soup\n## Ingredients\n- 1 onion\n## Method\n1. Cook.\n"
        try await folder(["a.md": soup, "b.md": soup, "c.md": "", "d.cook": "Boil @eggs{2}.\n", "e.md": soup]) { path in
            let output = RecordingCatalogOutput()
            let summary = await presenter(every: 2).build([.file(path)], into: output)
            #expect(summary == CatalogBuildSummary(sources: 5, written: 4, failures: 0, stopped: false))
            #expect(output.events.map { $0.prefix(30) } == [
                "line soup", "line soup-2", "note Read 2 of 5: 2 recipes so fa", "note Left out \(path)/c.md: is e",
                "line d", "note Read 4 of 5: 3 recipes so fa", "line soup-3", "note Read 5: 4 recipes written, 1 l",
            ].map { $0.prefix(30) })
            #expect(output.lines[0].lines == ["1 onion"] && output.lines[0].steps == ["Cook."] && output.lines[0].method == nil)
            #expect(output.lines[2].ingredients == ["eggs"] && output.lines[2].lines == ["2 eggs"])
        }
    }

    @Test func aCatalogThatCannotBeWrittenStopsTheBuild() async throws {
        let soup = "# Soup\n## Ingredients\n- 1 onion\n## Method\n1. Cook.\n"
        try await folder(["a.md": soup, "b.md": soup, "c.md": soup]) { path in
            let output = RecordingCatalogOutput()
            output.acceptLines = 1
            let summary = await presenter(every: 100).build([.file(path)], into: output)
            #expect(summary.stopped && summary.written == 1 && output.lines.count == 1)
        }
    }

    @Test func aTitleSharedByThousandsOfRecipesCostsOneLookUpEach() {
        var slugs = SlugMaker()
        let ids = (0..<20_000).map { _ in slugs.slug("Crème Brûlée!") }
        #expect(ids.first == "creme-brulee" && ids[1] == "creme-brulee-2" && ids.last == "creme-brulee-20000")
        #expect(Set(ids).count == 20_000)
        #expect(slugs.slug("Creme brulee 3") == "creme-brulee-3-2" && slugs.slug("!!!") == "recipe")
    }
}
