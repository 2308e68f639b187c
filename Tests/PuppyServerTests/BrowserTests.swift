import Foundation
import Testing
import TestSupport
@testable import PuppyServer

/// Chromium (Debian's `chromium` package), or nil where it is not installed.
private let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

/// A page on one origin reading PuppyServer on another, as the browser clients of the real service did:
/// with `fetch` (a header that makes the browser send a preflight first) and with a JSONP script tag.
/// It writes what it read into the page as JSON, which headless Chromium prints.
private func page(api: URL) -> String {
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>cross-origin</title></head><body>
    <pre id="out">waiting</pre>
    <script>
    const api = "\(api.absoluteString)";
    function titles(envelope) { return envelope.results.map(function (r) { return r.title; }); }
    async function read() {
      const out = {};
      try {
        const response = await fetch(api + "?i=garlic&p=1", { headers: { "Content-Type": "application/json" } });
        out.fetch = titles(await response.json());
      } catch (error) {
        out.fetchError = String(error);
      }
      out.jsonp = await new Promise(function (resolve) {
        window.puppy = { show: function (envelope) { resolve(titles(envelope)); } };
        const script = document.createElement("script");
        script.src = api + "?i=garlic&p=1&callback=puppy.show";
        script.onerror = function () { resolve("the script failed"); };
        document.head.appendChild(script);
      });
      document.getElementById("out").textContent = ["RESULT", JSON.stringify(out), "END"].join("|");
    }
    read();
    </script>
    </body></html>
    """
}

/// What the page read: the titles through `fetch` (or its error), and through JSONP. Nil, with a line on
/// stderr, when Chromium could not run here.
private func readInChromium(_ chromium: String, pageURL: String) throws -> (fetch: [String]?, fetchError: String?, jsonp: [String]?)? {
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    let result = try BinaryRunner.run(chromium, [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--user-data-dir=\(profile.path)",
        "--virtual-time-budget=15000", "--dump-dom", pageURL,
    ], environment: ProcessInfo.processInfo.environment.merging(["HOME": profile.path]) { $1 }, timeout: .seconds(90))
    guard let start = result.output.range(of: "RESULT|"), let end = result.output.range(of: "|END", range: start.upperBound..<result.output.endIndex) else {
        guard result.output.contains("<pre id=\"out\">") else {
            FileHandle.standardError.write(Data("Chromium could not run here (exit \(result.status)): \(result.errors.suffix(300))\n".utf8))
            return nil
        }
        Issue.record("the page never finished: \(result.output.suffix(500))")
        return nil
    }
    let json = String(result.output[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
    return (object["fetch"] as? [String], object["fetchError"] as? String, object["jsonp"] as? [String])
}

@Suite("A browser page on another origin", .serialized, .enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
struct BrowserTests {
    @Test func readsResultsThroughFetchAndThroughAJSONPScriptTag() async throws {
        let chromium = try #require(chromium)
        try await PuppyServerFixture.withServer { server in
            let origin = try PageOrigin(html: page(api: server.apiURL))
            defer { origin.stop() }
            guard let read = try readInChromium(chromium, pageURL: origin.url) else { return }
            let answer = try await Client.api(server, "i=garlic&p=1")
            let expected = try #require(Envelope.decode(Array(answer.body))).results.map(\.title)
            #expect(expected.count == 10)
            #expect(read.fetchError == nil)
            #expect(read.fetch == expected)
            #expect(read.jsonp == expected)
        }
    }

    @Test func withCORSOffTheBrowserBlocksFetchButNotJSONP() async throws {
        let chromium = try #require(chromium)
        try await PuppyServerFixture.withServer(configuration: .init(cors: .off)) { server in
            let origin = try PageOrigin(html: page(api: server.apiURL))
            defer { origin.stop() }
            guard let read = try readInChromium(chromium, pageURL: origin.url) else { return }
            #expect(read.fetch == nil)
            #expect(read.fetchError != nil)
            #expect(read.jsonp?.count == 10)
        }
    }
}
