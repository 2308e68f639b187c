import Glibc

/// What a test server's accept loop does after `accept` failed.
public enum AcceptLoop {
    /// Whether to accept again after `reason`: not once the listener was shut down or is gone (EINVAL,
    /// EBADF, ENOTSOCK). Otherwise yes: the next `accept` itself waits for the next connection.
    public static func acceptsAgain(after reason: Int32) -> Bool {
        switch reason {
        case EINVAL, EBADF, ENOTSOCK:
            return false
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            // Out of descriptors or memory, `accept` fails at once until another part of the process frees
            // some. No event says when that happens (`poll` keeps reporting the listener ready, since the
            // connection still waits), so there is nothing to wait on: a millisecond's pause is the only way
            // not to spin.
            usleep(1_000)
            return true
        default:
            // EINTR, or a connection that failed before it was taken (accept passes on its pending error).
            return true
        }
    }
}
