import Foundation
import Glibc
import TestSupport

/// A local https server for the https path: python3's `http.server` wrapped in `ssl`, with a
/// self-signed certificate for 127.0.0.1 made by `openssl req`, on 127.0.0.1 port 0, all in a
/// temporary folder. It answers `/api/` with one recipe, `/bomb/...` with gzip that inflates without end
/// (until the client leaves), and `/redirect/...` with a 302 to `/api/`.
final class TLSServerFixture {
    static let python = "/usr/bin/python3"
    static let openssl = "/usr/bin/openssl"
    static var toolsPresent: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.isExecutableFile(atPath: openssl)
    }

    let port: Int
    /// The certificate, for `SSL_CERT_FILE`.
    let certificate: URL
    private let process: RunningProcess

    var baseURL: String { "https://127.0.0.1:\(port)" }

    init(folder: URL) throws {
        certificate = folder.appendingPathComponent("cert.pem")
        let key = folder.appendingPathComponent("key.pem")
        let environment = BinaryRunner.environment(home: folder)
        let made = try BinaryRunner.run(TLSServerFixture.openssl, [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-keyout", key.path, "-out", certificate.path, "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ], environment: environment, timeout: .seconds(30))
        guard made.status == 0 else { throw TLSFixtureError(message: "openssl req failed: \(made.errors)") }
        let script = folder.appendingPathComponent("server.py")
        try Data(TLSServerFixture.serverScript.utf8).write(to: script)
        process = try RunningProcess(TLSServerFixture.python, [script.path, certificate.path, key.path], environment: environment)
        guard process.waitForOutput(containing: "\n", timeout: .seconds(30)),
              let port = Int(process.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.signal(SIGKILL)
            throw TLSFixtureError(message: "the TLS server did not start: \(process.finish(timeout: .seconds(5)).errors)")
        }
        self.port = port
    }

    /// Kills the server (SIGKILL: a child spawned from a test thread inherits its blocked SIGTERM).
    func shutdown() {
        process.signal(SIGKILL)
        _ = process.finish(timeout: .seconds(10))
    }

    struct TLSFixtureError: Error {
        let message: String
    }

    private static let serverScript = #"""
    import http.server, ssl, sys, zlib

    ENVELOPE = b'{"title":"Recipe Puppy","version":0.1,"href":"https:\\/\\/127.0.0.1\\/","results":[' \
        b'{"title":"Secure Omelet","href":"https:\\/\\/127.0.0.1\\/recipes\\/omelet","ingredients":"eggs, garlic","thumbnail":""}]}'

    def bomb_pieces():
        # A gzip header and full-flushed blocks of 1 MiB of zeros: every block after the first compresses to
        # the same bytes, so the stream can go on for gigabytes at no cost.
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = bytes(1 << 20)
        first = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        again = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        return first, again

    FIRST, AGAIN = bomb_pieces()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if self.path.startswith("/bomb/"):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(FIRST)
                for _ in range(1100):
                    self.wfile.write(AGAIN)
                self.close_connection = True
            elif self.path.startswith("/redirect/"):
                self.send_response(302)
                self.send_header("Location", "/api/?from=redirect")
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.send_response(200)
                self.send_header("Content-Type", "text/javascript; charset=utf-8")
                self.send_header("Content-Length", str(len(ENVELOPE)))
                self.end_headers()
                self.wfile.write(ENVELOPE)

        def log_message(self, format, *args):
            pass

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass  # a client that leaves in the middle of a bomb is what the tests do on purpose

    server = Server(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
