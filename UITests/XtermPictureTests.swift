import Entity
import Foundation
import PuppyServer
import Services
import Testing
import TestSupport
import HTTPTransport

/// `recipes` itself in a real xterm (VT340, so sixel) on a virtual X server: it asks the terminal what
/// it can draw, hears sixel, and `pic 1` puts the dish on the screen, read back from a screenshot and
/// compared with the picture the server serves.
@Suite(.serialized, .enabled(if: VirtualXterm.unavailableReason == nil, "\(VirtualXterm.unavailableReason ?? "")"))
struct XtermPictureTests {
    /// The mean colour of a rectangle of `image`.
    struct Colour: CustomStringConvertible {
        let red: Double
        let green: Double
        let blue: Double

        init(_ image: PixelImage, x: Range<Int>, y: Range<Int>) {
            var sums = (0.0, 0.0, 0.0)
            for row in y {
                for column in x {
                    guard let pixel = image.pixel(x: column, y: row) else { continue }
                    sums = (sums.0 + Double(pixel.red), sums.1 + Double(pixel.green), sums.2 + Double(pixel.blue))
                }
            }
            let count = Double(max(1, x.count * y.count))
            (red, green, blue) = (sums.0 / count, sums.1 / count, sums.2 / count)
        }

        func distance(to other: Colour) -> Double {
            max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue))
        }

        var description: String { "(\(Int(red.rounded())), \(Int(green.rounded())), \(Int(blue.rounded())))" }
    }

    /// The first garlic recipe's thumbnail as the server serves it: what `pic 1` draws right after a
    /// search, before the recipe's page has been read.
    func firstGarlicThumbnail(_ server: PuppyServer) async throws -> PixelImage {
        struct Page: Decodable {
            struct Result: Decodable { let thumbnail: String }
            let results: [Result]
        }
        var search = try #require(URLComponents(url: server.apiURL, resolvingAgainstBaseURL: false))
        search.queryItems = [URLQueryItem(name: "i", value: "garlic")]
        // RecipeBook's own client, bounded in time.
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(20)))
        let json = try await transport.get(try #require(search.url)).body
        let address = try #require(try JSONDecoder().decode(Page.self, from: json).results.first?.thumbnail)
        let png = try await transport.get(try #require(URL(string: address))).body
        return try ImageDecoder().decode(png)
    }

    @Test func recipesDrawsADishWithSixelInXtermBelowThePromptThatAskedForIt() async throws {
        try await PuppyServerFixture.withServer { server in
            let expected = try await firstGarlicThumbnail(server)
            try await TemporaryDirectory.with { folder in
                let arguments = ["--api", server.apiURL.absoluteString, "--data-dir", folder.appendingPathComponent("data").path,
                                 "--no-cache", "--color", "never", "--pictures", "always"]
                // TERM as xterm sets it: nothing in it says sixel; only the terminal's answers do.
                let environment = BinaryRunner.environment(home: folder, extra: ["TERM": "xterm"])
                let (capture, size, asked) = try XtermSession.run("recipes", arguments, environment: environment) { xterm in
                    let start = try #require(xterm.position(of: "recipes> "), "no first prompt")
                    xterm.type("garlic\r")
                    let listed = try #require(xterm.position(of: "Recipes 1–10", after: start), "no results")
                    let ready = try #require(xterm.position(of: "recipes> ", after: listed), "no prompt after the results")
                    xterm.type("pic 1\r")
                    let asked = try #require(xterm.position(of: "pic 1", after: ready), "pic 1 was not echoed")
                    let drawn = try #require(xterm.position(of: "\u{1B}\\", after: asked), "no picture after pic 1")
                    try #require(xterm.position(of: "recipes> ", after: drawn) != nil, "no prompt after the picture")
                    let capture = try xterm.screenshot()
                    xterm.type("quit\r")
                    #expect(xterm.exitStatus() == 0)
                    return (capture, xterm.size, String(decoding: xterm.bytes[asked...], as: UTF8.self))
                }
                try keep(capture)
                // The terminal was asked what it draws (DA1, last of the probe), and sixel was chosen.
                #expect(capture.output.contains("\u{1B}[c"), "recipes did not ask the terminal's attributes")
                #expect(asked.contains("\u{1B}P0;1;0q"), "no sixel after pic 1")
                try checkScreen(capture.screen, size: size, expected: expected)
            }
        }
    }

    /// Where the picture is, its size, and its colours region by region against the served picture.
    func checkScreen(_ screen: PixelImage, size: XtermSession.Size, expected: PixelImage) throws {
        let cell = (width: size.pixelWidth / size.columns, height: size.pixelHeight / size.rows)
        // xterm counts its inner border, the same on every side, in the pixel size it reports.
        let border = (size.pixelWidth - size.columns * cell.width) / 2
        // `pic N` fits the picture, aspect kept, into the width less one column and the height less three rows.
        let box = (width: (size.columns - 1) * cell.width, height: (size.rows - 3) * cell.height)
        let scale = min(Double(box.width) / Double(expected.width), Double(box.height) / Double(expected.height))
        let width = min(box.width, Int((Double(expected.width) * scale).rounded()))
        let height = min(box.height, Int((Double(expected.height) * scale).rounded()))

        // Text is pure black on pure white: everything else in the window is the picture.
        func isText(_ x: Int, _ y: Int) -> Bool {
            screen.pixel(x: x, y: y).map { $0.red == 0 && $0.green == 0 && $0.blue == 0 } == true
        }
        func isPicture(_ x: Int, _ y: Int) -> Bool {
            guard let pixel = screen.pixel(x: x, y: y) else { return false }
            let channels = [pixel.red, pixel.green, pixel.blue]
            return !channels.allSatisfy { $0 == 0 } && !channels.allSatisfy { $0 == 255 }
        }
        let found = try #require(screen.bounds(columns: size.pixelWidth, rows: size.pixelHeight, where: isPicture),
                               "no picture in the xterm window")
        let (left, top, right, bottom) = (found.left, found.top, found.right, found.bottom)
        let seen = (width: right - left + 1, height: bottom - top + 1)
        #expect(seen.width == width && seen.height == height, "the picture is \(seen.width)×\(seen.height), not \(width)×\(height)")
        #expect(left == border, "the picture starts at x \(left), not at the first column (x \(border))")
        #expect((top - border) % cell.height == 0, "the picture starts at y \(top), not at the top of a line")
        #expect(bottom < size.pixelHeight - border, "the picture runs out of the window")

        // The line above the picture is the prompt that asked for it, and the prompt comes back on the
        // line just below: both begin with the same nine cells, `recipes> `.
        let lineAbove = (top - border) / cell.height - 1
        let lineBelow = (bottom - border) / cell.height + 1
        try #require(lineAbove >= 0 && lineBelow < size.rows, "no line above the picture (\(lineAbove)) or below it (\(lineBelow))")
        func promptCells(_ line: Int) -> [Bool] {
            (0..<cell.height).flatMap { row in
                (0..<(9 * cell.width)).map { column in isText(border + column, border + line * cell.height + row) }
            }
        }
        let above = promptCells(lineAbove)
        #expect(above.contains(true), "the line above the picture is empty")
        #expect(above == promptCells(lineBelow), "the lines above and below the picture do not both begin with the prompt")
        let wordsAfterPrompt = (0..<cell.height).contains { row in
            ((9 * cell.width)..<(14 * cell.width)).contains { isText(border + $0, border + lineAbove * cell.height + row) }
        }
        #expect(wordsAfterPrompt, "the prompt above the picture has no command after it")
        // Nothing was written over the picture: no text pixel inside it.
        let overwritten = (top...bottom).reduce(0) { count, y in count + (left...right).filter { isText($0, y) }.count }
        #expect(overwritten == 0, "\(overwritten) pixels of text inside the picture")

        // Colours, region by region (8 × 6), against the served picture's; the mean of a region survives
        // scaling and the sixel palette's quantization and dithering within a few levels.
        let grid = (columns: 8, rows: 6)
        var worst = 0.0
        var samples: [String] = []
        for row in 0..<grid.rows {
            for column in 0..<grid.columns {
                let want = Colour(expected, x: (column * expected.width / grid.columns)..<((column + 1) * expected.width / grid.columns),
                                  y: (row * expected.height / grid.rows)..<((row + 1) * expected.height / grid.rows))
                let got = Colour(screen, x: (left + column * seen.width / grid.columns)..<(left + (column + 1) * seen.width / grid.columns),
                                 y: (top + row * seen.height / grid.rows)..<(top + (row + 1) * seen.height / grid.rows))
                worst = max(worst, want.distance(to: got))
                #expect(want.distance(to: got) <= 12, "region \(column),\(row): expected \(want), seen \(got)")
                if (row == 0 || row == grid.rows - 1 || row == grid.rows / 2) && (column == 0 || column == grid.columns / 2) {
                    samples.append("region \(column),\(row) expected \(want) seen \(got)")
                }
            }
        }
        print("""
            recipes in xterm (VT340, \(size.columns)×\(size.rows) cells of \(cell.width)×\(cell.height) px, window \
            \(size.pixelWidth)×\(size.pixelHeight) px): pic 1 drew a \(seen.width)×\(seen.height) px picture \
            (served \(expected.width)×\(expected.height)) at x \(left), y \(top), lines \(lineAbove + 2)–\(lineBelow) of \
            \(size.rows), under the prompt on line \(lineAbove + 1), the next prompt on line \(lineBelow + 1); \
            region means (8×6 grid) within \(Int(worst.rounded())) levels: \(samples.joined(separator: "; "))
            """)
    }

    /// Writes the screenshot beside RECIPEBOOK_KEEP_SCREENSHOT's path (`-recipes` added to its name).
    func keep(_ capture: XtermCapture) throws {
        guard let keep = ProcessInfo.processInfo.environment["RECIPEBOOK_KEEP_SCREENSHOT"] else { return }
        let path = URL(fileURLWithPath: keep)
        let name = path.deletingPathExtension().lastPathComponent + "-recipes.png"
        try capture.png.write(to: path.deletingLastPathComponent().appendingPathComponent(name))
    }
}
