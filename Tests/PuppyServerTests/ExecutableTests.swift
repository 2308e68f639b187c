@testable import PuppyCatalog
import Foundation
import Glibc
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
@testable import PuppyServer

/// The `puppy-server` binary SwiftPM builds next to the test bundle.
private let serverBinary: URL? = {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("puppy-server") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

/// A running `puppy-server` process with its output pipes, started with posix_spawn like the UI tests'
/// programs (Foundation's Process reads past a buffer while it closes descriptors, which the address
/// sanitizer reports).
private final class ServerProcess {
    let running: RunningProcess
    /// How much of stdout `readLine` has handed out.
    private var consumed = 0

    init(_ arguments: [String], limitDescriptorsTo limit: Int? = nil, binary: URL? = nil) throws {
        guard let serverBinary = binary ?? serverBinary else { throw CocoaError(.fileNoSuchFile) }
        let environment = ProcessInfo.processInfo.environment
        if let limit {
            running = try RunningProcess("/bin/sh", ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", serverBinary.path] + arguments,
                                         environment: environment)
        } else {
            running = try RunningProcess(serverBinary.path, arguments, environment: environment)
        }
        running.closeInput()
    }

    /// The next line of stdout ("" at end of output).
    func readLine() -> String {
        let transcript = running.outputTranscript
        let end = transcript.find("\n", after: consumed, timeout: .seconds(60))?.end
        let bytes = transcript.bytes
        let stop = end.map { $0 - 1 } ?? bytes.count
        defer { consumed = end ?? bytes.count }
        return consumed < stop ? String(decoding: bytes[consumed..<stop], as: UTF8.self) : ""
    }

    func terminate() { running.signal(SIGTERM) }
    func interrupt() { running.signal(SIGINT) }

    /// Whether the process is alive (not exited, whether or not it was waited for).
    var isRunning: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(running.pid)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z" && state != "X"
    }

    /// Reads stdout and stderr to their end, then waits for the exit status.
    func finish() -> (status: Int32, errors: String) {
        let result = running.finish()
        return (result.status, result.errors)
    }

    func port(from line: String) -> UInt16? {
        guard let range = line.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression) else { return nil }
        return UInt16(line[range].split(separator: ":").last ?? "")
    }
}

private func temporaryCatalog(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("puppy-\(UUID().uuidString).jsonl")
    try Data(text.utf8).write(to: url)
    return url
}

private let sampleLines = PuppyServerFixture.sampleRecipes.compactMap { recipe in
    (try? JSONEncoder().encode(recipe)).map { String(decoding: $0, as: UTF8.self) }
}.joined(separator: "\n")

@Suite("puppy-server executable", .enabled(if: serverBinary != nil, "the puppy-server binary was not built"))
struct ExecutableTests {
    @Test func itAnnouncesItsAddressServesAndExitsCleanlyOnSIGTERM() async throws {
        let catalog = try temporaryCatalog(sampleLines)
        defer { try? FileManager.default.removeItem(at: catalog) }
        let server = try ServerProcess(["--port", "0", "--catalog", catalog.path, "--quirks", "padding,gaps", "--log"])
        let line = server.readLine()
        let port = try #require(server.port(from: line))
        #expect(line == "PuppyServer listening on http://127.0.0.1:\(port)/api/ (36 recipes, quirks: padding,gaps)")

        let url = try #require(URL(string: "http://127.0.0.1:\(port)/api/?i=garlic&p=1"))
        let (body, response) = try await Client.get(url)
        #expect(response.statusCode == 200)
        #expect(Envelope.decode(Array(body))?.results.count == 10)

        server.terminate()
        let (status, errors) = server.finish()
        #expect(status == 0)
        #expect(errors.contains(#""GET /api/?i=garlic&p=1 HTTP/1.1" 200"#))
    }

    @Test func itExitsZeroOnSIGINT() throws {
        let server = try ServerProcess(["--port", "0"])
        #expect(server.readLine().hasPrefix("PuppyServer listening on http://127.0.0.1:"))
        server.interrupt()
        #expect(server.finish().status == 0)
    }

    @Test func aBadFlagIsAOneLineErrorAndExitStatus2() throws {
        let server = try ServerProcess(["--port", "nope"])
        let (status, errors) = server.finish()
        #expect(status == 2)
        #expect(errors == "puppy-server: --port needs a number from 0 to 65535, not \"nope\" (see --help)\n")
    }

    @Test func aBadCatalogNamesTheLineAndExitsWithStatus1() throws {
        let catalog = try temporaryCatalog(sampleLines + "\n" + #"{"id":"x","cuisine":"y","ingredients":["z"],"method":"m"}"# + "\n")
        defer { try? FileManager.default.removeItem(at: catalog) }
        let (status, errors) = try ServerProcess(["--catalog", catalog.path]).finish()
        #expect(status == 1)
        #expect(errors == "puppy-server: \(catalog.lastPathComponent):37: missing \"title\"\n")
    }

    @Test func anAddressThatDoesNotResolveSaysWhy() throws {
        let (status, errors) = try ServerProcess(["--host", "0.0.0.0.0"]).finish()
        #expect(status == 1)
        #expect(errors.hasPrefix("puppy-server: cannot resolve 0.0.0.0.0: "))
        #expect(!errors.contains("Success"))
    }

    @Test func aCatalogThatIsNotARegularFileIsRefusedAtOnce() throws {
        let (status, errors) = try ServerProcess(["--catalog", "/dev/zero"]).finish()
        #expect(status == 1)
        #expect(errors == "puppy-server: /dev/zero: is not a regular file (a catalog cannot be a FIFO, a device or a socket)\n")
    }

    @Test func theBundledCatalogPrintsAsAFileItCanServe() throws {
        let printer = try ServerProcess(["--print-catalog"])
        var lines: [String] = []
        while case let line = printer.readLine(), !line.isEmpty { lines.append(line) }
        #expect(printer.finish().status == 0)
        let count = try Catalog.bundled().recipes.count
        #expect(lines.count == count)
        let catalog = try temporaryCatalog(lines.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: catalog) }
        let server = try ServerProcess(["--catalog", catalog.path])
        #expect(server.readLine().hasSuffix("(\(count) recipes, quirks: none)"))
        server.terminate()
        #expect(server.finish().status == 0)
    }

    @Test func theBundledCatalogExportsWithItsPhotosAsAFolderItCanServe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookbook-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ServerProcess(["--export-catalog", folder.path]).finish().status == 0)
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("photos").path)
        #expect(photos.count >= 250)
        let again = try ServerProcess(["--export-catalog", folder.path]).finish()
        #expect(again.status == 1 && again.errors.contains("already exists"))

        let count = try Catalog.bundled().recipes.count
        let server = try ServerProcess(["--catalog", folder.appendingPathComponent("catalog.jsonl").path])
        #expect(server.readLine().hasSuffix("(\(count) recipes, quirks: none)"))
        server.terminate()
        let finished = server.finish()
        #expect(finished.status == 0)
        #expect(finished.errors.isEmpty, "every photo found beside the catalog: \(finished.errors.prefix(300))")
    }

    @Test func aCopyOfTheBinaryElsewhereStillHasItsCatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puppy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("puppy-server")
        // Written through a descriptor closed on exec: a program another test starts meanwhile must not
        // inherit it open for writing, or running the copy fails with "Text file busy".
        let bytes = try Data(contentsOf: try #require(serverBinary))
        let fd = open(copy.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(fd >= 0)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try #require(written == bytes.count)
        // A program another test forks between our open and close holds the descriptor until it execs:
        // running the copy then fails with "Text file busy" for that moment, so it is tried again. Nothing
        // tells this process when another's child execs, so a short pause between tries is the only way.
        var attempt = 0
        let server: ServerProcess
        while true {
            do {
                server = try ServerProcess(["--port", "0"], binary: copy)
                break
            } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY) && attempt < 100 {
                attempt += 1
                usleep(10_000)
            }
        }
        #expect(server.readLine().hasSuffix("(\(try Catalog.bundled().recipes.count) recipes, quirks: none)"))
        server.terminate()
        #expect(server.finish().status == 0)
    }

    @Test func helpAndVersionPrintAndExitZero() throws {
        let help = try ServerProcess(["--help"])
        #expect(help.readLine() == "USAGE: puppy-server [options]")
        #expect(help.finish().status == 0)
        let version = try ServerProcess(["--version"])
        #expect(version.readLine() == "puppy-server \(PuppyServer.version)")
        #expect(version.finish().status == 0)
    }

    @Test func runningOutOfDescriptorsNeitherSpinsNorCrashesAndServiceResumes() async throws {
        let server = try ServerProcess(["--port", "0", "--threads", "1"], limitDescriptorsTo: 48)
        let port = try #require(server.port(from: server.readLine()))
        var connections: [RawHTTPConnection] = []
        // Each of the first 10 is answered in turn; 10 s leaves room for a machine busy with other suites.
        for _ in 0..<80 { connections.append(try RawHTTPConnection(port: port, timeout: .seconds(10))) }
        var answered = 0
        for connection in connections.prefix(10) {
            try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            if try connection.readResponse()?.status == 200 { answered += 1 }
        }
        #expect(answered == 10)
        connections.forEach { $0.close() }
        connections.removeAll()

        // The server closes its side of the 80 as it reads their ends; until then a new connection may
        // be refused. A generous bound for a loaded machine: service resumes within 60 s and 10 tries
        // (under the thread sanitizer, with every suite running, one try once outlasted the 60 s).
        var resumed = false
        var attempts = 0
        var last = ""
        let deadline = ContinuousClock.now + .seconds(60)
        while !resumed, ContinuousClock.now < deadline || attempts < 10 {
            attempts += 1
            let connection = try RawHTTPConnection(port: port, timeout: .seconds(5))
            try connection.send("GET /api/?i=garlic HTTP/1.1\r\nHost: x\r\n\r\n")
            let outcome = Result { try connection.readResponse() }
            resumed = (try? outcome.get())??.status == 200
            if !resumed {
                last = "\(outcome)"
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(resumed, "no answer after \(attempts) attempts; the last: \(last)")
        #expect(server.isRunning)
        server.terminate()
        #expect(server.finish().status == 0)
    }
}
