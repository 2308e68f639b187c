import Glibc
import ServiceSupport

/// A pipe that wakes a thread blocked in poll(2): one end is polled, a byte written to the other ends
/// the wait at once. Both ends close when the last reference goes, so a late `signal()` never writes to a
/// closed pipe.
final class WakeSignal: Sendable {
    /// Readable once `signal()` has been called.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(ServiceError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .unreachable.with(detail: "cannot make a pipe (\(String(cString: strerror(errno))))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    func signal() {
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already wakes every reader: nothing is lost by ignoring it.
        _ = write(writeEnd, &byte, 1)
    }
}
