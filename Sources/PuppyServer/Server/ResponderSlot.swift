import PuppyCatalog
import ServiceSupport
import Dispatch

/// Where the responder made on the catalog thread is handed to the accepting loop. Until it is there
/// the loop leaves the listener alone, so connections wait in the listen queue. `close()` (at shutdown)
/// raises the stop signal the loader sees; a responder published after it is dropped and wakes nobody,
/// so the catalog thread, which nobody waits for, never touches a loop's descriptors once they may be
/// closed.
final class ResponderSlot: Sendable {
    let stop = StopSignal()
    private let state = Locked(State.waiting)
    /// Whether the responder was asked for (see `ServerConfiguration.loadsCatalogOnDemand`).
    private let demanded = Locked(false)
    private let demandSignal = DispatchSemaphore(value: 0)

    private enum State: Sendable {
        case waiting
        case ready(any Responder)
        case closed
    }

    /// The responder once published, nil before and after `close()`.
    var responder: (any Responder)? {
        if case .ready(let responder) = state.current { return responder }
        return nil
    }

    /// Stores `responder` and runs `wake` under the lock, so never after `close()` has returned.
    /// False, and nothing done, when the slot was closed first.
    @discardableResult
    func publish(_ responder: any Responder, wake: () -> Void) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .ready(responder)
            wake()
            return true
        }
    }

    /// Raises the stop signal and turns any later `publish` away (waiting for one under way); a
    /// catalog thread still waiting for demand is let go, to find the signal raised.
    func close() {
        state.withLock { state in
            state = .closed
            stop.stop()
        }
        demand()
    }

    var isDemanded: Bool { demanded.current }

    /// Asks for the responder to be made: the first call lets `waitForDemand` return. Idempotent.
    func demand() {
        let first = demanded.withLock { demanded in
            defer { demanded = true }
            return !demanded
        }
        if first { demandSignal.signal() }
    }

    /// Waits until `demand()` (or `close()`) was called.
    func waitForDemand() {
        demandSignal.wait()
        demandSignal.signal()
    }
}
