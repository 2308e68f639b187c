import Foundation
import Services
import Glibc

/// What a child program writes to one descriptor, read on a thread of its own until the end, with the
/// moment each read returned: a wait for a text also tells when the text arrived.
public final class Transcript: @unchecked Sendable {
    /// Where a text was found: the offset just past it, and when the read that brought its end returned.
    public struct Match: Sendable {
        public let end: Int
        public let arrivedAt: ContinuousClock.Instant
    }

    // Everything below is guarded by `condition`, which is broadcast after every read.
    private let condition = NSCondition()
    private var data: [UInt8] = []
    /// The transcript's length after each read, and when that read returned.
    private var reads: [(end: Int, at: ContinuousClock.Instant)] = []
    private var ended: ContinuousClock.Instant?

    /// Starts reading `descriptor`; at its end (or an error such as EIO on a pseudo-terminal whose other
    /// side has closed) it is closed when `closingAtEnd`.
    init(reading descriptor: Int32, closingAtEnd: Bool) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                let now = ContinuousClock.now
                condition.lock()
                if count > 0 {
                    data.append(contentsOf: buffer[0..<count])
                    reads.append((data.count, now))
                } else {
                    ended = now
                }
                condition.broadcast()
                condition.unlock()
                if count <= 0 {
                    if closingAtEnd { close(descriptor) }
                    return
                }
            }
        }
        thread.start()
    }

    /// Everything read so far.
    public var bytes: [UInt8] { locked { data } }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// When the writers closed their end (nil while the output goes on).
    public var endedAt: ContinuousClock.Instant? { locked { ended } }

    /// Waits until `text` appears after `offset`; nil when `timeout` passes or the output ends first.
    public func find(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(20)) -> Match? {
        let needle = Array(text.utf8)
        let deadline = Date(timeIntervalSinceNow: timeout.timeInterval)
        condition.lock()
        defer { condition.unlock() }
        var from = max(0, offset)
        var timedOut = false
        while true {
            if from < data.count, let range = data[from...].firstRange(of: needle) {
                return Match(end: range.upperBound, arrivedAt: arrival(of: range.upperBound))
            }
            // What was searched cannot hold the start of a later match, except its last bytes.
            from = max(from, data.count - needle.count + 1)
            if ended != nil || timedOut { return nil }
            timedOut = !condition.wait(until: deadline)
        }
    }

    /// Waits for the end of the output and returns when it came (nil if it did not within `timeout`).
    @discardableResult
    public func waitForEnd(timeout: Duration) -> ContinuousClock.Instant? {
        let deadline = Date(timeIntervalSinceNow: timeout.timeInterval)
        condition.lock()
        defer { condition.unlock() }
        while ended == nil, condition.wait(until: deadline) {}
        return ended
    }

    /// When the read that brought byte `end - 1` returned (call with the lock held).
    private func arrival(of end: Int) -> ContinuousClock.Instant {
        var low = 0
        var high = reads.count - 1
        while low < high {
            let middle = (low + high) / 2
            if reads[middle].end >= end { high = middle } else { low = middle + 1 }
        }
        return reads[low].at
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}
