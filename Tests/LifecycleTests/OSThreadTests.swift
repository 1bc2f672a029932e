import Foundation
import Lifecycle
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(10))) struct OSThreadTests {
    @Test func aDetachedThreadRunsTheBodyUnderItsNameCutTo15Bytes() {
        let seen = Mutex<(name: String, isMain: Bool)?>(nil)
        let done = ConditionLock()
        OSThread.detach(name: "a-rather-long-thread-name") {
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            done.lock()
            seen.withLock { $0 = (comm.trimmingCharacters(in: .newlines), Thread.isMainThread) }
            done.broadcast()
            done.unlock()
        }
        done.lock()
        while seen.withLock({ $0 == nil }) { done.wait(timeout: .seconds(10)) }
        done.unlock()
        #expect(seen.withLock { $0?.name } == "a-rather-long-t")
        #expect(seen.withLock { $0?.isMain } == false)
    }

    @Test func aTimedWaitWithNoSignalTimesOut() {
        let lock = ConditionLock()
        let started = ContinuousClock.now
        lock.lock()
        let signalled = lock.wait(timeout: .milliseconds(50))
        lock.unlock()
        #expect(!signalled)
        #expect(ContinuousClock.now - started >= .milliseconds(50))
    }

    @Test func aSignalFromAnotherThreadEndsTheWait() {
        let lock = ConditionLock()
        let ready = Mutex(false)
        OSThread.detach(name: "signaller") {
            lock.lock()
            ready.withLock { $0 = true }
            lock.signal()
            lock.unlock()
        }
        lock.lock()
        var waits = 0
        while !ready.withLock({ $0 }), waits < 100 {
            lock.wait(timeout: .seconds(1))
            waits += 1
        }
        lock.unlock()
        #expect(ready.withLock { $0 })
        #expect(waits < 100)
    }
}
