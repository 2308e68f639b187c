import Foundation
import Entity
import PageReader
import RecipeReader
import Services
import TestSupport

/// Reading the recipe out of real recipe pages (the folder of pages beside the repository that the CI
/// scorer uses), against reading the same pages' whole text.
struct RecipeExtraction: Section {
    let title = "Reading the recipe out of a real recipe page"
    let reference = "reading the same page's whole text (the reader's `o N page`), just before"

    /// Where the pages are: `$RECIPEBOOK_RECIPE_PAGES`, else `../shared/data/recipe-pages` beside the
    /// repository.
    static func corpus() -> URL {
        Tools.sharedData("RECIPEBOOK_RECIPE_PAGES", "recipe-pages")
    }

    func run(quick: Bool, into report: inout SectionReport) async throws {
        let folder = Self.corpus().appendingPathComponent("pages")
        // Without the pages beside the repository the section is skipped, and says so.
        guard let sites = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
            // No pages: nothing to measure here, which is not a failure of RecipeBook.
            throw BenchError("no recipe pages at \(folder.path) (set RECIPEBOOK_RECIPE_PAGES to the folder holding pages/)", skipped: true)
        }
        guard let gzip = Tools.find("gzip") else { throw BenchError("gzip is not installed", skipped: true) }
        var files: [URL] = []
        for site in sites.sorted() {
            let siteFolder = folder.appendingPathComponent(site)
            // A site folder that cannot be listed adds no pages; the count of pages is reported.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: siteFolder.path)) ?? []
            files += names.sorted().filter { $0.hasSuffix(".html.gz") }.map { siteFolder.appendingPathComponent($0) }
        }
        if quick { files = stride(from: 0, to: files.count, by: 4).map { files[$0] } }
        guard !files.isEmpty else { throw BenchError("no pages (*.html.gz) under \(folder.path)", skipped: true) }

        var pages: [(html: String, bytes: Int)] = []
        for file in files {
            let result = try BinaryRunner.run(gzip, ["-dc", file.path], environment: ProcessInfo.processInfo.environment)
            guard result.status == 0 else { throw BenchError("gzip could not read \(file.path): \(result.errors)") }
            let data = result.standardOutput
            pages.append((PageText.decode(data, headerCharset: nil), data.count))
        }
        let rounds = quick ? 3 : 9
        var extraction = Samples(), reading = Samples(), large = Samples(), largeReading = Samples()
        var found = 0
        var totalBytes = 0
        let clock = ContinuousClock()
        for page in pages {
            // The fastest of several rounds: what the work costs, not what the scheduler added to it.
            var fastestExtraction = Duration.seconds(60), fastestReading = Duration.seconds(60)
            var recipe: PageRecipe?
            for _ in 0..<rounds {
                let started = clock.now
                recipe = RecipeExtractor.extract(html: page.html, url: nil)
                fastestExtraction = min(fastestExtraction, clock.now - started)
                let readStarted = clock.now
                _ = HTMLReader.read(page.html)
                fastestReading = min(fastestReading, clock.now - readStarted)
            }
            if recipe != nil { found += 1 }
            extraction.append(fastestExtraction)
            reading.append(fastestReading)
            totalBytes += page.bytes
            if (400_000...600_000).contains(page.bytes) {
                large.append(fastestExtraction)
                largeReading.append(fastestReading)
            }
        }
        let megabytes = Double(totalBytes) / 1_048_576
        let seconds = extraction.values.reduce(0, +) / 1000
        report.figures = [
            Figure("extraction, pages of 400–600 KB: median", large.median, reference: largeReading.median).atMost(5),
            Figure("extraction, every page: median", extraction.median, reference: reading.median),
            Figure("extraction, every page: 90th percentile", extraction.percentile(90), reference: reading.percentile(90)),
            Figure("extraction, every page: slowest", extraction.percentile(100), reference: reading.percentile(100)),
            Figure("throughput over every page", megabytes / max(seconds, 1e-9), "MB/s"),
        ]
        report.notes = [
            "\(pages.count) real recipe pages (\(String(format: "%.1f", megabytes)) MB of HTML, \(large.values.count) of them between "
                + "400 and 600 KB) from \(Self.corpus().path), each decompressed and decoded to text before timing.",
            "Each page timed \(rounds) times in a row in this process; the fastest time of each page counts. Extraction is "
                + "`RecipeExtractor.extract` (JSON-LD, microdata, recipe-card markup, then headings); the reference is "
                + "`HTMLReader.read`, the whole page as readable text.",
            "A recipe was found in \(found) of \(pages.count) pages (whether it is the right one is what `.ci/score-recipes` measures).",
        ]
    }
}
