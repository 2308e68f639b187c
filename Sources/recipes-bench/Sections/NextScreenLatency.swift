import Foundation
import PuppyServer
import TestSupport

/// From `n` to the next screen written, with the server answering in 150 ms: prefetch on versus off.
struct NextScreenLatency: Section {
    let title = "Next-screen latency, `n` to the screen written"
    let reference = "the same client with prefetch switched off, screen for screen in the same run"

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let screens = quick ? 12 : 60
        let catalog = try CatalogGenerator.catalog(forSaltMatches: (screens + 3) * 10)
        let server = PuppyServer(catalog: catalog, configuration: .init(host: "127.0.0.1", port: 0, latency: .milliseconds(150), threads: 1))
        try server.start()
        defer { server.shutdown() }
        var on = Samples()
        var off = Samples()
        let prefetches = try await TemporaryDirectory.with { folder in
            let prefetching = try ClientStack(apiURL: server.apiURL, dataDirectory: folder.appendingPathComponent("on"), prefetch: true)
            let waiting = try ClientStack(apiURL: server.apiURL, dataDirectory: folder.appendingPathComponent("off"), prefetch: false)
            return try await ClientStack.using([prefetching, waiting]) {
                for stack in [prefetching, waiting] {
                    _ = try await stack.timeScreen { await stack.presenter.search(ingredients: ["salt"], title: "") }
                }
                for round in 0..<screens {
                    // Alternate which goes first, so drift on a busy machine falls on both alike.
                    for prefetch in round % 2 == 0 ? [true, false] : [false, true] {
                        if prefetch {
                            // The person reads the screen before typing `n`: the prefetch has time to finish.
                            await prefetching.app.search.waitForPrefetch()
                            on.append(try await prefetching.timeScreen { await prefetching.presenter.list.next() })
                        } else {
                            off.append(try await waiting.timeScreen { await waiting.presenter.list.next() })
                        }
                    }
                }
                return await prefetching.app.search.prefetchCount
            }
        }

        report.figures = [
            Figure("`n` → screen written, prefetch on: median", on.median, reference: off.median).below(5).faster(by: 30),
            Figure("`n` → screen written, prefetch on: p90", on.percentile(90), reference: off.percentile(90)),
            Figure("`n` → screen written, prefetch on: slowest", on.percentile(100), reference: off.percentile(100)),
        ]
        report.notes = [
            "\(screens) screens with each client after the first, of a `salt` search over a generated "
                + "\(NumberText.grouped(catalog.recipes.count))-recipe catalog (the bundled one repeated).",
            "PuppyServer in the benchmark's process on 127.0.0.1, one event-loop thread, answering every request in 150 ms ± 30 %.",
            "Each client is wired as `recipes` wires it (HTTP client, SearchInteractor with an empty favorites store, "
                + "RecipesPresenter, TerminalView rendering 100 columns in colour into a sink that discards); "
                + "timed from calling the Presenter's `next` to the screen's text reaching the sink.",
            "Realistic pause: before each `n` with prefetch on, the benchmark waits for the prefetch to finish "
                + "(`waitForPrefetch()`), as a person reading the screen would; \(prefetches) prefetches completed. "
                + "With prefetch off nothing runs between screens. The two clients alternate screen by screen.",
        ]
    }
}
