import Glibc
import ServiceSupport

/// poll(2) on one descriptor and a request's wake-up, until the descriptor is ready, the deadline
/// passes (`timeout`) or the request is cancelled. The process sleeps in the kernel meanwhile.
enum SocketWait {
    static func until(_ descriptor: Int32, _ events: Int16, _ control: RequestControl, place: String) throws(ServiceError) {
        while true {
            if control.isCancelled { throw .cancelled }
            let milliseconds = control.millisecondsLeft
            guard milliseconds > 0 else { throw control.timeoutError(place) }
            var descriptors = [
                pollfd(fd: descriptor, events: events, revents: 0),
                pollfd(fd: control.wake.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, Int32(milliseconds))
            if ready < 0 {
                if errno == EINTR { continue }
                throw .connectionLost.with(detail: "waiting for \(place) failed (\(String(cString: strerror(errno))))")
            }
            if descriptors[1].revents != 0 { throw .cancelled }
            if descriptors[0].revents != 0 { return }
        }
    }
}
