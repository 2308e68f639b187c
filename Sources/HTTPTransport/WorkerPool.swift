import Dispatch
import Foundation
import ServiceSupport

/// A fixed number of threads for blocking work (poll(2), getaddrinfo, libcurl), started as the work
/// first needs them and kept for the life of the process, so that a request costs a queued job and
/// not a new thread. Jobs run in the order they were given; a job given while every thread is busy
/// waits for one.
///
/// A job that has waited past its request's deadline finds it passed at its first wait and ends at
/// once, so the longest any job waits is bounded by the deadlines of the jobs ahead of it.
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    /// Shared by every transport: requests (which wait for lookups) and lookups have pools of their own,
    /// so a lookup never waits for a thread held by the request that needs it. Sixteen request threads
    /// cover what a session asks at once (a screen's ten card pictures, the next page, a favorite's page
    /// and picture) with room left, so the next page does not wait behind a slow server's pictures.
    static let requests = WorkerPool(name: "RecipeBook HTTP", size: 16)
    static let lookups = WorkerPool(name: "RecipeBook DNS", size: 4)

    let name: String
    let size: Int
    private let state = Locked<(jobs: [Job], first: Int, started: Int, idle: Int)>(([], 0, 0, 0))
    /// Counts the jobs queued and not yet taken; an idle thread sleeps on it.
    private let waiting = DispatchSemaphore(value: 0)

    init(name: String, size: Int) {
        self.name = name
        self.size = size
    }

    /// Threads started so far (at most `size`).
    var threads: Int { state.withLock { $0.started } }

    func run(_ job: @escaping Job) {
        let startThread = state.withLock { state -> Bool in
            state.jobs.append(job)
            guard state.idle == 0, state.started < size else {
                if state.idle > 0 { state.idle -= 1 }
                return false
            }
            state.started += 1
            return true
        }
        waiting.signal()
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = name
            thread.start()
        }
    }

    /// A thread's life: take the next job, run it, and sleep when there is none.
    private func work() {
        while true {
            waiting.wait()
            let job = state.withLock { state -> Job in
                let job = state.jobs[state.first]
                state.first += 1
                // Drop the taken jobs once they are half the array, so it never grows without end.
                if state.first * 2 >= state.jobs.count {
                    state.jobs.removeFirst(state.first)
                    state.first = 0
                }
                return job
            }
            job()
            state.withLock { $0.idle += 1 }
        }
    }
}
