import Glibc

/// One client connection, owned by one event loop and only ever touched on its thread.
///
/// Requests are answered strictly in order (keep-alive and pipelining): the next request is parsed only
/// once the previous answer has been handed to the socket, so a client that does not read cannot make
/// the server buffer more than one answer, and reading stops while the unparsed input is at its bound.
final class Connection {
    private enum Phase {
        case open
        /// Our side is shut down for writing; the peer's remaining bytes are drained so the last answer
        /// is not destroyed by a reset, until the peer closes or the deadline passes.
        case lingering(deadline: UInt64)
        case closed
    }

    /// An answer waiting out its latency.
    private struct Pending {
        var due: UInt64
        var head: [UInt8]
        /// Sent after the head as it is (empty for HEAD and 204).
        var body: [UInt8]
        /// Sent after the head from a file (nil for HEAD and 204).
        var file: FileBody? = nil
        var keepAlive: Bool
        var isAPI: Bool
        var logEntry: LogEntry?
    }

    private struct LogEntry {
        var requestLine: String
        var status: Int
        var bodyBytes: Int
        var started: UInt64
    }

    let fd: Int32
    private let peer: String
    /// The peer's address without its port, as connections are counted per peer.
    let peerAddress: String
    private let context: ServerContext
    private let responder: any Responder
    /// The loop's gzip encoder, shared by its connections (all on the loop's thread).
    private let compressor: GzipEncoder
    private var phase = Phase.open

    private var input: [UInt8] = []
    private var inputStart = 0
    private var progress = Connection.freshProgress
    private static let freshProgress = HTTPParseProgress(resumeAt: 0, needAtLeast: 1)

    private var output = OutgoingBytes()
    private var pending: Pending?
    private var closeAfterOutput = false
    private var readClosed = false

    /// The request being received must be complete by then (set at accept, and when a request starts).
    private var requestDeadline: UInt64?
    private var idleDeadline: UInt64?
    private var writeDeadline: UInt64?
    private var lingeringBytes = 0
    /// Since when nothing has been asked or answered (nil while a request is under way).
    private var idleSince: UInt64?
    /// The order connections were accepted in on this loop, to tell apart those accepted together.
    let serial: UInt64

    init(
        fd: Int32, peer: String, peerAddress: String, context: ServerContext, responder: any Responder,
        compressor: GzipEncoder, serial: UInt64, now: UInt64
    ) {
        self.compressor = compressor
        self.fd = fd
        self.serial = serial
        self.peer = peer
        self.peerAddress = peerAddress
        self.context = context
        self.responder = responder
        requestDeadline = now + context.headerTimeout
        idleSince = now
    }

    /// How readily this connection may be closed to make room for a new one, lowest first: closing
    /// ones, then idle ones (longest idle first), then ones still receiving a request (longest first);
    /// the earlier accepted first among equals. Nil for one whose answer is on its way: that one is
    /// making progress.
    var evictionOrder: (tier: Int, since: UInt64, serial: UInt64)? {
        switch phase {
        case .closed:
            return nil
        case .lingering:
            return (0, 0, serial)
        case .open:
            if pending != nil || !output.isEmpty { return nil }
            if input.count == inputStart, let idleSince {
                // A request sent and not read yet (a burst accepted faster than it is read) is answered.
                if Socket.hasUnreadBytes(fd) { return nil }
                return (1, idleSince, serial)
            }
            return (2, requestDeadline ?? 0, serial)
        }
    }

    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    /// The poll events this connection waits for.
    var events: Int16 {
        switch phase {
        case .closed:
            return 0
        case .lingering:
            return Int16(POLLIN)
        case .open:
            var events: Int16 = 0
            if !readClosed, input.count - inputStart < context.maxBufferedInput { events |= Int16(POLLIN) }
            if !output.isEmpty { events |= Int16(POLLOUT) }
            return events
        }
    }

    /// The earliest moment something must happen without any I/O.
    var nextDeadline: UInt64? {
        switch phase {
        case .closed:
            return nil
        case .lingering(let deadline):
            return deadline
        case .open:
            // Asked of every connection on every round of the loop: nothing allocated for it.
            return Self.earlier(Self.earlier(requestDeadline, idleDeadline), Self.earlier(writeDeadline, pending?.due))
        }
    }

    private static func earlier(_ first: UInt64?, _ second: UInt64?) -> UInt64? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    // MARK: - Events

    func handle(revents: Int16, scratch: inout [UInt8], now: UInt64) {
        if revents & Int16(POLLNVAL | POLLERR) != 0 {
            close()
            return
        }
        if revents & Int16(POLLHUP) != 0, revents & Int16(POLLIN) == 0 {
            close()  // both directions gone: nothing can be delivered
            return
        }
        if revents & Int16(POLLIN | POLLHUP) != 0 {
            receive(into: &scratch, now: now)
        }
        if revents & Int16(POLLOUT) != 0 {
            advance(now: now)
        }
    }

    func checkTimers(now: UInt64) {
        switch phase {
        case .closed:
            return
        case .lingering(let deadline):
            if deadline <= now { close() }
        case .open:
            if let due = pending?.due, due <= now {
                advance(now: now)
                guard case .open = phase else { return }
            }
            if let writeDeadline, writeDeadline <= now {
                close()  // the client stopped reading
            } else if let requestDeadline, requestDeadline <= now, pending == nil, output.isEmpty {
                if input.count > inputStart {
                    refuse(.requestTimeout, now: now)
                    advance(now: now)
                } else {
                    close()  // connected and never said anything
                }
            } else if let idleDeadline, idleDeadline <= now {
                close()
            }
        }
    }

    // MARK: - Reading

    private func receive(into scratch: inout [UInt8], now: UInt64) {
        if case .lingering = phase {
            drainWhileLingering(into: &scratch)
            return
        }
        guard case .open = phase, !readClosed else { return }
        if inputStart > 0, inputStart >= input.count / 2 {
            input.removeSubrange(0..<inputStart)  // a client that never stops pipelining
            inputStart = 0
        }
        for _ in 0..<4 {
            let room = min(scratch.count, context.maxBufferedInput - (input.count - inputStart))
            guard room > 0 else { break }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, room, 0) }
            if count > 0 {
                input += scratch[0..<count]
                if count < room { break }
            } else if count == 0 {
                readClosed = true
                break
            } else {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                close()
                return
            }
        }
        advance(now: now)
    }

    private func drainWhileLingering(into scratch: inout [UInt8]) {
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                lingeringBytes += count
                if lingeringBytes > 1 << 20 {
                    close()
                    return
                }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            close()  // the peer closed (or reset): done
            return
        }
    }

    // MARK: - The request/response cycle

    /// Moves the connection forward as far as it can: write what is queued, release an answer whose
    /// latency is over, parse and answer the next request.
    private func advance(now: UInt64) {
        while case .open = phase {
            if !output.isEmpty {
                flush(now: now)
                if !output.isEmpty { return }
                continue
            }
            if closeAfterOutput {
                startLingering(now: now)
                return
            }
            if let waiting = pending {
                guard waiting.due <= now else { return }
                pending = nil
                emit(waiting, now: now)
                continue
            }

            let unparsed = input.count - inputStart
            if unparsed == 0 {
                compactInput()
                if readClosed {
                    close()
                } else if requestDeadline == nil, idleDeadline == nil {
                    idleDeadline = now + context.idleTimeout
                }
                if idleSince == nil { idleSince = now }
                return
            }
            idleDeadline = nil
            idleSince = nil
            if requestDeadline == nil { requestDeadline = now + context.headerTimeout }
            guard unparsed >= progress.needAtLeast else {
                if readClosed { close() }
                return
            }

            switch HTTPRequestParser.parse(input[inputStart...], limits: context.parserLimits, progress: progress) {
            case .incomplete(let newProgress):
                progress = newProgress
                if readClosed { close() }
                return
            case .request(let request, let consumed):
                inputStart += consumed
                progress = Self.freshProgress
                requestDeadline = nil
                answer(request, now: now)
            case .failure(let status):
                refuse(status, now: now)
            }
        }
    }

    private func answer(_ request: HTTPRequest, now: UInt64) {
        context.statistics.recordRequest()
        let routed = responder.respond(to: request)
        if routed.isAPI { context.statistics.beginAPIRequest(routed.query) }
        var response = routed.response
        if response.isCompressible { negotiateEncoding(of: &response, for: request) }
        let keepAlive = request.keepAlive && !context.isStopping
        let sendsBody = request.method != "HEAD" && response.status.code != 204
        let answer = Pending(
            due: now + context.delay(for: request.target),
            head: response.head(keepAlive: keepAlive, version: request.version, extraHeaders: context.everyAnswerHeaders),
            body: sendsBody ? response.body : [],
            file: sendsBody ? response.file : nil,
            keepAlive: keepAlive,
            isAPI: routed.isAPI,
            logEntry: context.log == nil ? nil : LogEntry(
                requestLine: Self.printable(request.requestLine),
                status: response.status.code,
                bodyBytes: response.bodyCount,
                started: now
            )
        )
        if answer.due > now {
            pending = answer
        } else {
            emit(answer, now: now)
        }
    }

    /// A text answer goes gzip-compressed to a client that accepts it (also for HEAD, whose headers are
    /// those of the GET), unless the server compresses nothing, and says that its encoding depends on
    /// `Accept-Encoding` either way.
    private func negotiateEncoding(of response: inout ServerResponse, for request: HTTPRequest) {
        response.headers.append(Self.varyOnEncoding)
        guard context.compressesAnswers, !response.body.isEmpty, AcceptEncoding.allowsGzip(request.headerValues("Accept-Encoding")) else { return }
        let encoded = response.wrapping.map { compressor.encode(response.body, prefixLength: $0.prefix, suffixLength: $0.suffix) }
            ?? compressor.encode(response.body)
        guard let compressed = encoded else { return }
        response.body = compressed
        response.headers.append(Self.gzipEncoding)
    }

    private static let varyOnEncoding = HTTPHeader(name: "Vary", value: "Accept-Encoding")
    private static let gzipEncoding = HTTPHeader(name: "Content-Encoding", value: "gzip")

    /// A connection there is no room for (as many open as allowed, none of them idle): answered at
    /// once with 503 and `Retry-After`, before its request is read, then closed gracefully.
    func turnAway(now: UInt64) {
        refuse(.serviceUnavailable, now: now, extraHeaders: Array("Retry-After: 1\r\n".utf8))
        advance(now: now)
    }

    /// Answers an unusable request with `status` and closes; nothing after it on this connection is read.
    private func refuse(_ status: HTTPStatus, now: UInt64, extraHeaders: [UInt8] = []) {
        context.statistics.recordRequest()
        let response = ServerResponse.plain(status)
        let line = input[inputStart...].prefix(200).prefix { $0 != RequestBytes.lf && $0 != RequestBytes.cr }
        let requestLine = line.isEmpty ? "-" : Self.printable(String(decoding: line, as: UTF8.self))
        inputStart = input.count
        requestDeadline = nil
        emit(Pending(
            due: now,
            head: response.head(keepAlive: false, version: .http1_1, extraHeaders: context.everyAnswerHeaders + extraHeaders),
            body: response.body,
            keepAlive: false,
            isAPI: false,
            logEntry: context.log == nil ? nil : LogEntry(
                requestLine: requestLine,
                status: status.code,
                bodyBytes: response.body.count,
                started: now
            )
        ), now: now)
    }

    /// Hands an answer to the socket (the API request stops being in flight before the write).
    private func emit(_ answer: Pending, now: UInt64) {
        if answer.isAPI { context.statistics.endAPIRequest() }
        if let entry = answer.logEntry, let log = context.log {
            let microseconds = (now - entry.started) / 1_000
            let fraction = String(microseconds % 1_000)
            let milliseconds = "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
            log("\(peer) \"\(entry.requestLine)\" \(entry.status) \(entry.bodyBytes) \(milliseconds)ms")
        }
        output.append(answer.head)
        output.append(answer.body)
        if let file = answer.file { output.append(file) }
        if !answer.keepAlive { closeAfterOutput = true }
        flush(now: now)
    }

    private func flush(now: UInt64) {
        while !output.isEmpty {
            let count = output.send(to: fd)
            if count > 0 {
                writeDeadline = nil
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                if writeDeadline == nil { writeDeadline = now + context.idleTimeout }
                return
            } else {
                close()
                return
            }
        }
        writeDeadline = nil
    }

    private func compactInput() {
        if inputStart > 0 {
            input.removeAll(keepingCapacity: input.capacity <= 64 * 1024)
            inputStart = 0
        }
    }

    private func startLingering(now: UInt64) {
        _ = shutdown(fd, Int32(SHUT_WR))
        input.removeAll()
        inputStart = 0
        phase = .lingering(deadline: now + context.lingerTimeout)
        if readClosed { close() }
    }

    /// Closes the socket once; an API answer still waiting out its latency stops being in flight.
    func close() {
        guard !isClosed else { return }
        if let waiting = pending, waiting.isAPI { context.statistics.endAPIRequest() }
        pending = nil
        phase = .closed
        Glibc.close(fd)
        context.release(peer: peerAddress)
    }

    /// Request lines in the log: printable ASCII only, the rest as `\xNN`.
    private static func printable(_ text: String) -> String {
        var result = ""
        for byte in text.utf8.prefix(300) {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "\"") {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                let hex = String(byte, radix: 16)
                result += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
