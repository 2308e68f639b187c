import ServiceSupport
import Glibc

/// One thread's poll(2) loop over its connections, a wake-up pipe and (on the first loop) the
/// listening socket. Timers (latency, header, idle and write deadlines) set poll's timeout, so a slow
/// answer never blocks the others. For `spinAfterWork` after a round that had something to do, the loop
/// polls without sleeping before it sleeps in poll: a client's next request on a kept-alive connection
/// usually follows its answer within tens of microseconds, and waking a sleeping thread costs about as
/// much again (the kernel's own busy polling of sockets uses the same 50 µs). An idle loop never spins.
///
/// `@unchecked Sendable`: everything but `inbox`, `threadID`, `load`, `busyShare` and the wake-up pipe is confined
/// to the loop's own thread; those are safe from any thread.
final class EventLoop: @unchecked Sendable {
    private let context: ServerContext
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// Sockets accepted by the first loop for this one; nil once the loop has exited.
    private let inbox = Locked<[AcceptedSocket]?>([])
    private let threadID = Locked<pthread_t?>(nil)
    /// How many connections the loop held at the end of its last round (read by the acceptor).
    private let load = Locked(0)
    /// The share of its time the loop spent working (not waiting in poll) over its last window of at
    /// least `busyWindow`, in thousandths (read by the acceptor).
    private let busyShare = Locked(0)
    private static let busyWindow: UInt64 = 50_000_000
    private var windowStart: UInt64 = 0
    private var windowBusy: UInt64 = 0

    // Loop-thread state.
    private var connections: [Int32: Connection] = [:]
    private var acceptor: Acceptor?
    private var pollSet: [pollfd] = []
    private var polled: [Connection] = []
    /// The read buffer, made on the loop's thread when it starts (not by whoever starts the server).
    private var scratch: [UInt8] = []
    /// The loop's gzip encoder, made on its thread when it first serves a connection.
    private var compressor: GzipEncoder?
    private var accepted: UInt64 = 0
    /// When a round last had something to do (0: never).
    private var lastWorked: UInt64 = 0
    private static let spinAfterWork: UInt64 = 50_000

    struct AcceptedSocket: Sendable {
        var fd: Int32
        var peer: String
        var peerAddress: String
        var responder: any Responder
        /// Which connection must be closed to make room for this one, if any.
        var replacing: ServerContext.Eviction?
    }

    init(context: ServerContext) throws {
        self.context = context
        (wakeRead, wakeWrite) = try Socket.makePipe()
    }

    /// Makes this loop the one that accepts (it then owns and closes the listener), handing connections
    /// round-robin to `loops`, each answered by the responder `slot` holds; until it holds one, the
    /// listener is not polled. Called on the loop's thread before `run`.
    func accept(from listener: Int32, distributingTo loops: [EventLoop], responder slot: ResponderSlot) {
        acceptor = Acceptor(listener: listener, loops: loops, context: context, slot: slot)
    }

    var connectionCount: Int { load.current }

    /// Whether the loop spent less than half its last window working: it can take more connections
    /// without them waiting on it.
    var hasRoom: Bool { busyShare.current < 500 }

    /// Counts the time from `from` to now as work, and closes the window once it is long enough.
    private func accountWork(from start: UInt64) {
        let now = MonotonicClock.now()
        windowBusy += now - start
        let elapsed = now - windowStart
        guard elapsed >= Self.busyWindow else { return }
        let share = Int(min(windowBusy, elapsed) * 1_000 / elapsed)
        busyShare.withLock { $0 = share }
        windowStart = now
        windowBusy = 0
    }

    var isCurrentThread: Bool {
        guard let id = threadID.current else { return false }
        return pthread_equal(id, pthread_self()) != 0
    }

    /// Interrupts poll (from any thread).
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Takes over a socket accepted on another thread; closes it if this loop has already exited.
    func adopt(_ socket: AcceptedSocket) {
        let queued = inbox.withLock { queue -> Bool in
            guard queue != nil else { return false }
            queue?.append(socket)
            return true
        }
        if queued {
            wake()
        } else {
            Glibc.close(socket.fd)
            context.release(peer: socket.peerAddress)
        }
    }

    /// Closes the wake-up pipe; only after the loop's thread has finished and nobody can wake it.
    func closePipe() {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    func run() {
        threadID.withLock { $0 = pthread_self() }
        // sendfile(2) has no MSG_NOSIGNAL: a peer gone while a picture is sent must not raise SIGPIPE
        // (which would end the process). Blocked on this thread, it stays pending and never arrives.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while !context.isStopping {
            runOnce()
        }
        for connection in connections.values { connection.close() }
        connections.removeAll()
        let orphans = inbox.withLock { queue -> [AcceptedSocket] in
            defer { queue = nil }
            return queue ?? []
        }
        for socket in orphans {
            Glibc.close(socket.fd)
            context.release(peer: socket.peerAddress)
        }
        acceptor?.close()
        acceptor = nil  // it refers back to every loop, this one included
    }

    private func runOnce() {
        let now = MonotonicClock.now()
        pollSet.removeAll(keepingCapacity: true)
        polled.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
        var deadline: UInt64?
        var listenerSlot: Int?
        if let acceptor {
            if acceptor.isAccepting(now: now) || acceptor.awaitsDemand {
                listenerSlot = pollSet.count
                pollSet.append(pollfd(fd: acceptor.listener, events: Int16(POLLIN), revents: 0))
            } else {
                deadline = acceptor.pausedUntil
            }
        }
        let firstConnectionSlot = pollSet.count
        for connection in connections.values {
            pollSet.append(pollfd(fd: connection.fd, events: connection.events, revents: 0))
            polled.append(connection)
            if let next = connection.nextDeadline { deadline = min(deadline ?? next, next) }
        }

        var timeout: Int32 = -1
        if let deadline {
            timeout = deadline <= now ? 0 : Int32(min((deadline - now + 999_999) / 1_000_000, 60_000))
        }
        var ready: Int32 = 0
        if timeout != 0, lastWorked > 0, now - lastWorked < Self.spinAfterWork {
            // A request was answered just now: its client's next one usually follows within tens of
            // microseconds, so look again without sleeping for a little while first.
            while ready == 0, MonotonicClock.now() - lastWorked < Self.spinAfterWork {
                ready = poll(&pollSet, nfds_t(pollSet.count), 0)
            }
        }
        if ready == 0 { ready = poll(&pollSet, nfds_t(pollSet.count), timeout) }
        if ready < 0, errno != EINTR {
            // Not expected with valid descriptors; back off briefly rather than spin.
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            return
        }
        guard !context.isStopping else { return }

        let afterPoll = MonotonicClock.now()
        defer { accountWork(from: afterPoll) }
        if windowStart == 0 { windowStart = afterPoll }
        if afterPoll - windowStart >= Self.busyWindow {
            accountWork(from: afterPoll)  // a window that ended while the loop waited: mostly idle
        }
        if ready > 0 {
            lastWorked = afterPoll
            if pollSet[0].revents != 0 {
                drainWakePipe()
                adoptInbox(now: afterPoll)
            }
            if let listenerSlot, pollSet[listenerSlot].revents != 0, let acceptor {
                if acceptor.awaitsDemand {
                    // A first connection waits in the queue: the catalog is needed now.
                    acceptor.demand()
                } else {
                    acceptor.acceptAvailable(now: afterPoll, owner: self)
                }
            }
            for slot in firstConnectionSlot..<pollSet.count where pollSet[slot].revents != 0 {
                let connection = polled[slot - firstConnectionSlot]
                guard !connection.isClosed else { continue }  // made room for a newer one this round
                connection.handle(revents: pollSet[slot].revents, scratch: &scratch, now: afterPoll)
                if connection.isClosed { forget(connection) }
            }
        }
        for connection in polled where !connection.isClosed {
            connection.checkTimers(now: afterPoll)
            if connection.isClosed { forget(connection) }
        }
        load.withLock { $0 = connections.count }
    }

    /// Drops a closed connection from the table, unless its descriptor already serves a newer one.
    private func forget(_ connection: Connection) {
        if connections[connection.fd] === connection { connections[connection.fd] = nil }
    }

    /// Starts serving a socket accepted on this loop's thread, first closing the connection it is to
    /// replace; when there is none to close (every one is answering, or has a request to answer), the
    /// new one is answered 503 with `Retry-After` and closed.
    func register(_ socket: AcceptedSocket, now: UInt64) {
        var turnedAway = false
        if let replacing = socket.replacing {
            var victim: (connection: Connection, order: (tier: Int, since: UInt64, serial: UInt64))?
            for connection in connections.values {
                if case .samePeer(let address) = replacing, connection.peerAddress != address { continue }
                guard let order = connection.evictionOrder else { continue }
                if let best = victim, best.order <= order { continue }
                victim = (connection, order)
            }
            if let victim {
                victim.connection.close()
                forget(victim.connection)
            } else {
                turnedAway = true
            }
        }
        accepted += 1
        let compressor = self.compressor ?? GzipEncoder()
        self.compressor = compressor
        let connection = Connection(
            fd: socket.fd, peer: socket.peer, peerAddress: socket.peerAddress,
            context: context, responder: socket.responder, compressor: compressor, serial: accepted, now: now
        )
        connections[socket.fd] = connection
        if turnedAway { connection.turnAway(now: now) }
        if connection.isClosed { forget(connection) }
        load.withLock { $0 = connections.count }
    }

    private func adoptInbox(now: UInt64) {
        let sockets = inbox.withLock { queue -> [AcceptedSocket] in
            defer { if queue != nil { queue = [] } }
            return queue ?? []
        }
        for socket in sockets { register(socket, now: now) }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// Accepts connections on the first loop and deals them out, once there is a responder to answer them
/// (until then connections wait in the listen queue). A connection past `maxConnections` (or
/// past `maxConnectionsPerPeer` from one address) takes the place of the longest idle one, closed by
/// the loop that holds it, the busiest (with none idle there, it is answered 503 with `Retry-After`:
/// a connection that sent a request is never reset unanswered); when the process runs out of descriptors (EMFILE) a spare
/// descriptor is given up to accept and close the waiting connection, so those are refused at once.
/// Other accept failures pause accepting briefly: the loop neither spins nor dies.
final class Acceptor {
    let listener: Int32
    private let loops: [EventLoop]
    private let context: ServerContext
    private let slot: ResponderSlot
    /// The slot's responder, once it was there.
    private var responder: (any Responder)?
    private var nextLoop = 0
    private var spare: Int32
    private(set) var pausedUntil: UInt64?
    private static let pause: UInt64 = 100_000_000

    init(listener: Int32, loops: [EventLoop], context: ServerContext, slot: ResponderSlot) {
        self.listener = listener
        self.loops = loops
        self.context = context
        self.slot = slot
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Whether the listener is polled only to notice a first connection, which asks for the catalog
    /// (a server loading it on demand, before anyone asked).
    var awaitsDemand: Bool { responder == nil && slot.responder == nil && !slot.isDemanded }

    func demand() { slot.demand() }

    /// Whether to poll the listener: there is a responder, and accepting is not paused.
    func isAccepting(now: UInt64) -> Bool {
        if responder == nil {
            responder = slot.responder
            if responder == nil { return false }
        }
        guard let pausedUntil else { return true }
        if pausedUntil <= now {
            self.pausedUntil = nil
            return true
        }
        return false
    }

    func acceptAvailable(now: UInt64, owner: EventLoop) {
        guard let responder else { return }
        for _ in 0..<128 {
            switch Socket.accept(listener) {
            case .wouldBlock:
                return
            case .retry:
                continue
            case .accepted(let fd, let peer, let address):
                let admission = context.admit(peer: address)
                var replacing: ServerContext.Eviction?
                let loop: EventLoop
                switch admission {
                case .refuse:
                    Glibc.close(fd)  // full of connections that are all busy: refuse by closing at once
                    continue
                case .admitInPlaceOf(let eviction):
                    replacing = eviction
                    loop = loops.max { $0.connectionCount < $1.connectionCount } ?? owner
                case .admit:
                    loop = pick()
                }
                let socket = EventLoop.AcceptedSocket(
                    fd: fd, peer: peer, peerAddress: address, responder: responder, replacing: replacing
                )
                if loop === owner {
                    loop.register(socket, now: now)
                } else {
                    loop.adopt(socket)
                }
            case .failed(let code):
                guard code == EMFILE || code == ENFILE, spare >= 0 else {
                    pausedUntil = now + Self.pause
                    return
                }
                // Out of descriptors: refuse the waiting connection with the spare one, then go on
                // (each round consumes a connection, so this drains the queue without spinning).
                Glibc.close(spare)
                if case .accepted(let fd, _, _) = Socket.accept(listener) { Glibc.close(fd) }
                spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
            }
        }
    }

    /// Where a new connection goes: the first loop that has room (spent less than half its time
    /// working lately), so light load stays on few threads and no connection waits for a thread that
    /// is queued for a processor behind the others; when every loop is busy, the one with fewest
    /// connections, taking turns among equals.
    private func pick() -> EventLoop {
        if let free = loops.first(where: \.hasRoom) { return free }
        let fewest = loops.map(\.connectionCount).min() ?? 0
        for offset in 0..<loops.count {
            let loop = loops[(nextLoop + offset) % loops.count]
            if loop.connectionCount == fewest {
                nextLoop = (nextLoop + offset + 1) % loops.count
                return loop
            }
        }
        return loops[0]
    }

    func close() {
        Glibc.close(listener)
        if spare >= 0 { Glibc.close(spare) }
        spare = -1
    }
}
