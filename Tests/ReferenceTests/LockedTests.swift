import Foundation
import Locking
import Testing

/// The lock box every part beside the SDK shares: waits wake on changes, time out on their deadline, and a claim
/// takes what it waited for atomically. Waiting threads are plain threads, as in the reference.
@Suite struct LockedTests {
    /// Runs `body` on a thread of its own and hands back its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    @Test func aWaitWithoutAPracticalDeadlineBlocksUntilTheValueChanges() async {
        let box = Locked<Int?>(nil)
        let looked = Locked(false)
        async let seen = Self.onThread {
            box.wait(until: .distantFuture) { value in
                looked.withLock { $0 = true }
                return value
            }
        }
        // The waiter looked (under the box's lock) and found nothing, so this change reaches it inside its wait.
        await Self.onThread {
            _ = looked.wait(until: Date(timeIntervalSinceNow: 10)) { $0 }
            box.withLock { $0 = 42 }
        }
        #expect(await seen == 42)
    }

    @Test func aTimedWaitGivesUpAtItsDeadline() async {
        let box = Locked(0)
        let started = Date()
        let seen = await Self.onThread { box.wait(until: Date(timeIntervalSinceNow: 0.05)) { $0 > 0 ? $0 : nil } }
        #expect(seen == nil)
        #expect(Date().timeIntervalSince(started) >= 0.05)
    }

    @Test func eachClaimTakesOneTokenSoTwoWaitersGetDifferentOnes() async {
        let tokens = Locked<[Int]>([])
        func claim() async -> Int? {
            await Self.onThread {
                tokens.wait(until: Date(timeIntervalSinceNow: 10)) { tokens in tokens.isEmpty ? nil : tokens.removeFirst() }
            }
        }
        async let first = claim()
        async let second = claim()
        tokens.withLock { $0 = [1, 2] }
        let got = await [first, second].compactMap { $0 }
        #expect(got.sorted() == [1, 2])
        #expect(tokens.read { $0 }.isEmpty)
    }
}
