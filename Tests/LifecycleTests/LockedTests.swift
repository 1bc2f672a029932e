import Dispatch
import Lifecycle
import Testing

@Suite(.timeLimit(.minutes(10))) struct LockedTests {
    @Test func setAndGetHandAValueAcross() {
        let box = Locked("before")
        #expect(box.get() == "before")
        box.set("after")
        #expect(box.get() == "after")
    }

    /// Each update reads and writes with no other thread in between: no increment is lost.
    @Test func updatesFromManyThreadsLoseNone() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.update { $0 += 1 } }
        }
        #expect(count.get() == 80_000)
    }
}
