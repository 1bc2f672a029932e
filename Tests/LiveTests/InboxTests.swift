import Dispatch
import Live
import Testing

@Suite(.timeLimit(.minutes(10))) struct InboxTests {
    @Test func takesInPostingOrder() {
        let inbox = Inbox<Int>()
        for value in 0..<5_000 { inbox.post(value) }
        var taken: [Int] = []
        while let value = inbox.take(before: .now()) { taken.append(value) }
        #expect(taken == Array(0..<5_000))
        #expect(inbox.count == 0)
    }

    @Test func emptyInboxTimesOut() {
        let inbox = Inbox<Int>()
        let start = DispatchTime.now()
        #expect(inbox.take(before: .now() + .milliseconds(20)) == nil)
        #expect(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds >= 20_000_000)
    }

    @Test func manyProducersLoseNothing() {
        let inbox = Inbox<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { producer in
            for value in 0..<1_000 { inbox.post(producer * 1_000 + value) }
        }
        var taken: [Int] = []
        while let value = inbox.take(before: .now() + .milliseconds(100)) { taken.append(value) }
        #expect(taken.sorted() == Array(0..<8_000))
        // Each producer's messages stay in its own order.
        for producer in 0..<8 {
            let mine = taken.filter { $0 / 1_000 == producer }
            #expect(mine == mine.sorted())
        }
    }
}
