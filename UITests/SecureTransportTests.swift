import Foundation
import Testing
import TestSupport

/// https through libcurl, against a local TLS server with a certificate made for the test.
@Suite(.serialized, .enabled(if: TLSServerFixture.toolsPresent, "needs python3 and openssl to run a local TLS server"))
struct SecureTransport {
    func withServer<T>(_ body: (TLSServerFixture, URL) throws -> T) throws -> T {
        try TemporaryDirectory.withSync { folder in
            let server = try TLSServerFixture(folder: folder)
            defer { server.shutdown() }
            return try body(server, folder)
        }
    }

    func trusting(_ server: TLSServerFixture, home: URL) -> [String: String] {
        BinaryRunner.environment(home: home, extra: ["SSL_CERT_FILE": server.certificate.path])
    }

    @Test func aPageArrivesOverHTTPS() throws {
        try withServer { server, home in
            let result = try BinaryRunner.run("recipes", ["--api", server.baseURL + "/api/", "search", "garlic", "--json"],
                                              environment: trusting(server, home: home))
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("\"title\" : \"Secure Omelet\""), "\(result.output)")
        }
    }

    @Test func aPlainRedirectToHTTPSContinuesOverTLS() throws {
        try withServer { server, home in
            let secure = server.baseURL
            let plain = try ScriptedHTTPServer { request in
                [.send("HTTP/1.1 302 Found\r\nLocation: \(secure)/redirect\(request.target)\r\nContent-Length: 0\r\n\r\n")]
            }
            defer { plain.shutdown() }
            let result = try BinaryRunner.run("recipes", ["--api", plain.baseURL.absoluteString + "/api/", "search", "garlic", "--json"],
                                              environment: trusting(server, home: home))
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.contains("Secure Omelet"), "\(result.output)")
        }
    }

    /// Measured against a plain https run, since libcurl and the TLS libraries it loads take memory of
    /// their own (about 10 MiB): the bomb may add the cap and a few buffers, no more.
    @Test func aGzipBombOverHTTPSStopsAtTheCap() throws {
        try withServer { server, home in
            let normal = try MeasuredRun.recipes(["--api", server.baseURL + "/api/", "search", "garlic"],
                                                 environment: trusting(server, home: home))
            #expect(normal.status == 0, "\(normal.errors)")
            let run = try MeasuredRun.recipes(["--api", server.baseURL + "/bomb/api/", "--timeout", "30", "search", "garlic"],
                                              environment: trusting(server, home: home))
            #expect(run.status == 1)
            #expect(!run.timedOut)
            #expect(run.errorLines.count == 1, "\(run.errors)")
            #expect(run.errorLines.first?.contains("too large") == true, "\(run.errors)")
            if !BinaryRunner.binariesAreSanitized {
                #expect(run.peakBytes < normal.peakBytes + 2 * TransportLimits.pageCap + (4 << 20),
                        "bomb: \(run.peakDescription); a normal page: \(normal.peakDescription)")
                #expect(run.peakBytes < TransportLimits.pageCap + TransportLimits.allowance + (16 << 20), "\(run.peakDescription)")
            }
            Swift.print("https bomb: \(run.peakDescription); a normal https page: \(normal.peakDescription)")
        }
    }

    @Test func anUntrustedCertificateIsAClearError() throws {
        try withServer { server, home in
            let result = try BinaryRunner.run("recipes", ["--api", server.baseURL + "/api/", "search", "garlic"],
                                              environment: BinaryRunner.environment(home: home))
            #expect(result.status == 1)
            let lines = result.errors.split(separator: "\n").filter { $0.hasPrefix("Error: ") }
            #expect(lines.count == 1, "\(result.errors)")
            #expect(lines.first?.contains("certificate of 127.0.0.1:\(server.port) is not trusted") == true, "\(result.errors)")
        }
    }
}
