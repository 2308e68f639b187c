import Foundation
import Testing
import TestSupport

/// `recipes have` against a server that takes connections and never answers: the command ends after
/// one `--timeout`, not one for the ranking and one more for each name, and says so.
@Suite struct KitchenTimeOut {
    @Test func haveAgainstASilentServerEndsAfterOneTimeOutAndSaysWhoseTimeItWas() async throws {
        let server = try ScriptedHTTPServer { _ in [.hold] }
        defer { server.shutdown() }
        try await TemporaryDirectory.with { home in
            let api = server.baseURL.appendingPathComponent("api/").absoluteString
            let run = try BinaryRunner.run("recipes", ["--api", api, "--timeout", "0.3", "have", "eggs, milk, flour, rice, basil, leeks"],
                                           environment: BinaryRunner.environment(home: home))
            #expect(run.status != 0)
            #expect(run.errors.contains("did not answer in time (no complete answer within 0.3 s, the time-out for the whole command)"),
                    "\(run.errors)")
            #expect(server.requestCount == 1, "the ranking only, no search for each of the 6 names")
        }
    }
}
