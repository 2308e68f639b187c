import Foundation
import Glibc
import Testing
import Presenter
@testable import View

/// One-shot output that cannot be written: a full disk is exit 1 and one line naming it; a reader that
/// went away (EPIPE) stops the command at once, quietly.
@Suite struct OutputWriteErrors {
    /// stdout that takes `accepting` writes, then answers every later one with `refusal`; stderr recorded.
    final class RefusingStreams: TextSink, @unchecked Sendable {
        private let lock = NSLock()
        private let refusal: WriteResult
        private var accepting: Int
        private(set) var attempts = 0
        private var err = ""

        init(refusal: WriteResult, accepting: Int = 0) {
            self.refusal = refusal
            self.accepting = accepting
        }

        func write(_ text: String, to stream: OutputChannel) {
            _ = deliver(text, to: stream)
        }

        func deliver(_ text: String, to stream: OutputChannel) -> WriteResult {
            lock.withLock {
                guard stream == .standardOutput else {
                    err += text
                    return .written
                }
                attempts += 1
                if accepting > 0 {
                    accepting -= 1
                    return .written
                }
                return refusal
            }
        }

        var standardError: String { lock.withLock { err } }
        var stdoutAttempts: Int { lock.withLock { attempts } }
    }

    /// Lines handed out one at a time, counting how many were asked for.
    final class CountingLines: Sequence, IteratorProtocol, @unchecked Sendable {
        private(set) var taken = 0
        let total: Int
        init(total: Int) { self.total = total }
        func next() -> String? {
            guard taken < total else { return nil }
            taken += 1
            return "2 large eggs, beaten, with a long comment to fill the output quickly"
        }
    }

    @Test func aFullDiskIsExitOneAndOneLineNamingIt() {
        let streams = RefusingStreams(refusal: .failed(errno: ENOSPC))
        let code = OneShotOutput(sink: streams, width: 80, colors: false)
            .printIngredientLines(["2 eggs"], IngredientLinesPresenter(), json: true)
        #expect(code == .failure)
        let lines = streams.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(streams.standardError.contains("Cannot write the ingredient lines: no space left on device"))
        #expect(streams.standardError.contains("free some space"))
    }

    @Test func anIOErrorIsNamedWithoutBlamingTheDisk() {
        let streams = RefusingStreams(refusal: .failed(errno: EIO))
        let card = OneShotOutput(sink: streams, width: 80, colors: false)
            .print(MessageModel(.info, "Cache: empty"))
        #expect(card == .failure)
        #expect(streams.standardError.contains("Cannot write the answer: input/output error; send the output elsewhere."))
    }

    @Test func aReaderThatWentAwayStopsTheReadingAtOnceAndQuietly() {
        let streams = RefusingStreams(refusal: .closed, accepting: 1)
        let lines = CountingLines(total: 1_000_000)
        let code = OneShotOutput(sink: streams, width: 80, colors: false)
            .printIngredientLines(lines, IngredientLinesPresenter(), json: true)
        #expect(code == .failure)
        #expect(streams.standardError.isEmpty)
        #expect(streams.stdoutAttempts == 2, "one piece taken, the next refused, nothing tried after")
        #expect(lines.taken < 10_000, "reading stops at the first refused piece, not at the end of the input")
    }

    @Test func everyOneShotPrinterStopsOnARefusedWrite() {
        let output = OneShotOutput(sink: RefusingStreams(refusal: .failed(errno: ENOSPC)), width: 80, colors: false)
        #expect(output.print(.nothingFound(MessageModel(.info, "No recipes.")), json: true) == .failure)
        #expect(output.print(FavoritesOutcome.empty(MessageModel(.info, "No favorites.")), json: true) == .failure)
    }

    /// The real streams: a pipe whose reader is closed is `closed`, /dev/full is ENOSPC.
    @Test func theRealStreamsTellAClosedPipeFromAFullDisk() throws {
        signal(SIGPIPE, SIG_IGN)
        let saved = dup(STDOUT_FILENO)
        defer {
            dup2(saved, STDOUT_FILENO)
            close(saved)
        }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        dup2(ends[1], STDOUT_FILENO)
        close(ends[1])
        let closed = StandardStreams().deliver("text\n", to: .standardOutput)
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        dup2(full, STDOUT_FILENO)
        close(full)
        let refused = StandardStreams().deliver("text\n", to: .standardOutput)
        dup2(saved, STDOUT_FILENO)
        #expect(closed == .closed)
        #expect(refused == .failed(errno: ENOSPC))
    }
}
