import Dispatch
import Lifecycle
import Testing

@Suite(.timeLimit(.minutes(10))) struct BoundedQueueTests {
    @Test func valuesComeInOrderAndAPutWaitsWhileTheQueueIsFull() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let putsDone = DispatchSemaphore(value: 0)
        OSThread.detach(name: "bounded-queue-test") {
            for value in 1...5 { _ = queue.put(value) }
            putsDone.signal()
        }
        // The third put cannot finish before a take makes room.
        #expect(putsDone.wait(timeout: .now() + .milliseconds(200)) == .timedOut)
        var taken: [Int] = []
        for _ in 1...5 { taken.append(queue.take() ?? 0) }
        #expect(taken == [1, 2, 3, 4, 5])
        #expect(putsDone.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func closingDropsWhatWaitsAndRefusesEveryPutWaitingOrNot() {
        let queue = BoundedQueue<Int>(capacity: 1)
        #expect(queue.put(1))
        let refused = DispatchSemaphore(value: 0)
        OSThread.detach(name: "bounded-queue-test") {
            if !queue.put(2) { refused.signal() }
        }
        queue.close()
        #expect(refused.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(queue.take() == nil)
        #expect(!queue.put(3))
        #expect(queue.take() == nil)
    }
}
