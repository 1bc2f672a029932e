import Dispatch
import Lifecycle
import Testing

@Suite(.timeLimit(.minutes(10))) struct InboxTests {
    @Test func takesInPostingOrder() async {
        let inbox = Inbox<Int>()
        for value in 0..<5_000 { inbox.post(value) }
        var taken: [Int] = []
        for _ in 0..<5_000 { taken.append(await inbox.next()) }
        #expect(taken == Array(0..<5_000))
        #expect(inbox.count == 0)
        #expect(inbox.poll() == nil)
    }

    @Test func aTakerWaitsForThePost() async {
        let inbox = Inbox<Int>()
        async let taken = inbox.next()
        inbox.post(7)
        #expect(await taken == 7)
        #expect(inbox.count == 0)
    }

    @Test func manyProducersLoseNothing() async {
        let inbox = Inbox<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { producer in
            for value in 0..<1_000 { inbox.post(producer * 1_000 + value) }
        }
        var taken: [Int] = []
        while let value = inbox.poll() { taken.append(value) }
        #expect(taken.sorted() == Array(0..<8_000))
        // Each producer's messages stay in its own order.
        for producer in 0..<8 {
            let mine = taken.filter { $0 / 1_000 == producer }
            #expect(mine == mine.sorted())
        }
    }

    @Test func producersRacingAWaitingTakerLoseNothing() async {
        let inbox = Inbox<Int>()
        let producers = Task.detached {
            DispatchQueue.concurrentPerform(iterations: 4) { producer in
                for value in 0..<500 { inbox.post(producer * 500 + value) }
            }
        }
        var taken: [Int] = []
        for _ in 0..<2_000 { taken.append(await inbox.next()) }
        await producers.value
        #expect(taken.sorted() == Array(0..<2_000))
    }
}
