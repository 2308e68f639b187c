import Dispatch
import Foundation
import Testing
import TestSupport
@testable import HTTPTransport
import ServiceSupport

/// The fixed pool of threads requests and name lookups run on.
@Suite struct WorkerPoolTests {
    @Test func jobsBeyondThePoolWaitForAThreadAndRunInOrder() {
        let pool = WorkerPool(name: "test pool", size: 1)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let order = Locked<[Int]>([])
        pool.run {
            release.wait()
            order.withLock { $0.append(0) }
            finished.signal()
        }
        for number in 1...5 {
            pool.run {
                order.withLock { $0.append(number) }
                finished.signal()
            }
        }
        // The one thread is held by the first job, so none of the others has run.
        #expect(finished.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        #expect(order.withLock { $0 }.isEmpty)
        release.signal()
        for _ in 0...5 { #expect(finished.wait(timeout: .now() + .seconds(10)) == .success) }
        #expect(order.withLock { $0 } == [0, 1, 2, 3, 4, 5])
        #expect(pool.threads == 1)
    }

    @Test func manyJobsAtOnceNeverStartMoreThreadsThanThePoolHas() {
        let pool = WorkerPool(name: "test pool", size: 3)
        let finished = DispatchSemaphore(value: 0)
        let running = Locked<(now: Int, most: Int)>((0, 0))
        for _ in 0..<200 {
            pool.run {
                running.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                // Each job lasts a moment, so that jobs overlap and the most running at once is measured.
                usleep(200)
                running.withLock { $0.now -= 1 }
                finished.signal()
            }
        }
        for _ in 0..<200 { #expect(finished.wait(timeout: .now() + .seconds(30)) == .success) }
        #expect(pool.threads <= 3)
        #expect(running.withLock { $0.most } <= 3)
    }

    /// Forty requests side by side and forty more one after another, over real HTTP: every one answered,
    /// and the transport's threads are the pool's, never one per request.
    @Test func requestsShareThePoolsThreads() async throws {
        let server = try ScriptedHTTPServer { _ in [.response(contentType: "text/plain", body: "ok")] }
        defer { server.shutdown() }
        let transport = HTTPTransport(configuration: .init(timeout: .seconds(20)))
        defer { transport.shutdown() }
        let url = try #require(URL(string: "http://localhost:\(server.port)/api/"))
        let answered = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<40 {
                group.addTask { (try? await transport.get(url))?.body == Data("ok".utf8) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(answered == 40)
        for _ in 0..<40 { #expect(try await transport.get(url).body == Data("ok".utf8)) }
        #expect(WorkerPool.requests.threads <= WorkerPool.requests.size)
        #expect(WorkerPool.lookups.threads <= WorkerPool.lookups.size)
    }
}
