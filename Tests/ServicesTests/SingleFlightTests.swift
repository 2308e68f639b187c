import Foundation
import Testing
@testable import Services
import TestSupport

/// A counter shared with concurrent work.
final class Tally: Sendable {
    private let state = Locked((count: 0, inside: 0, most: 0))
    @discardableResult func increment() -> Int { state.withLock { $0.count += 1; return $0.count } }
    var count: Int { state.withLock { $0.count } }
    func enter() { state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) } }
    func leave() { state.withLock { $0.inside -= 1 } }
    var most: Int { state.withLock { $0.most } }
}

@Suite struct SingleFlightSharing {
    @Test func concurrentAsksForOneKeyShareOneOperation() async {
        let flights = SingleFlight<Int, Int>()
        let latch = Latch()
        let runs = Tally()
        let operation: @Sendable () async -> Result<Int, ServiceError> = {
            runs.increment()
            await latch.wait()
            return .success(42)
        }
        async let first = flights.run(1, operation)
        async let second = flights.run(1, operation)
        #expect(await eventually { latch.arrivals > 0 && flights.waiterCount(for: 1) == 2 })
        latch.open()
        let results = await [first, second]
        #expect(results.map { try? $0.get() } == [42, 42])
        #expect(runs.count == 1)
        #expect(flights.runningCount == 0)
    }

    @Test func aFinishedOperationIsStartedAnewOnTheNextAsk() async {
        let flights = SingleFlight<Int, Int>()
        let runs = Tally()
        for _ in 0..<3 {
            _ = await flights.run(7) { .success(runs.increment()) }
        }
        #expect(runs.count == 3)
    }

    @Test func theOperationIsCancelledOnlyWhenEveryWaiterHasGone() async throws {
        let flights = SingleFlight<Int, Int>()
        let latch = Latch()
        let operation: @Sendable () async -> Result<Int, ServiceError> = {
            await latch.wait()
            return Task.isCancelled ? .failure(.cancelled) : .success(1)
        }
        let staying = Task { await flights.run(1, operation) }
        #expect(await eventually { latch.arrivals > 0 })
        let leaving = Task { await flights.run(1, operation) }
        leaving.cancel()
        let left = await leaving.value
        #expect(throws: ServiceError.cancelled) { try left.get() }
        latch.open()
        #expect(try await staying.value.get() == 1)

        let latch2 = Latch()
        let alone = Task { await flights.run(2) { await latch2.wait(); return Task.isCancelled ? .failure(.cancelled) : .success(2) } }
        #expect(await eventually { latch2.arrivals > 0 })
        alone.cancel()
        latch2.open()
        let result = await alone.value
        #expect(throws: ServiceError.cancelled) { try result.get() }
    }
}

@Suite struct GateTakingTurns {
    @Test func onlyOneHolderAtATime() async throws {
        let gate = AsyncGate()
        let state = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await gate.enter()
                    state.enter()
                    for _ in 0..<10 { await Task.yield() }
                    state.leave()
                    gate.leave()
                }
            }
            try await group.waitForAll()
        }
        #expect(state.most == 1)
    }

    @Test func aCancelledWaiterLeavesTheQueue() async throws {
        let gate = AsyncGate()
        try await gate.enter()
        let waiter = Task { try await gate.enter() }
        #expect(await eventually { gate.waitingCount == 1 })
        waiter.cancel()
        await #expect(throws: ServiceError.cancelled) { try await waiter.value }
        gate.leave()
        try await gate.enter()
        gate.leave()
    }
}
