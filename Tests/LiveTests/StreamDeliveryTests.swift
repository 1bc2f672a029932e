import Brokerage
import Foundation
import Synchronization
import Testing

/// `StreamDelivery` keeps `Broker.openStream`'s promise for a stream of several connections:
/// events from many threads reach the closure one at a time, `closed` once, nothing after it.
@Suite(.timeLimit(.minutes(10))) struct StreamDeliveryTests {
    private final class Recorder: Sendable {
        struct State {
            var inside = false
            var overlaps = 0
            var alive = 0
            var closed: [String] = []
            var afterClosed = 0
        }

        let state = Mutex(State())

        func record(_ event: BrokerStreamEvent) {
            state.withLock { state in
                if state.inside { state.overlaps += 1 }
                state.inside = true
            }
            // A window in which a second caller let in at the same time would be seen.
            for _ in 0..<200 { _ = state.withLock { $0.inside } }
            state.withLock { state in
                if !state.closed.isEmpty { state.afterClosed += 1 }
                switch event {
                case .closed(let reason): state.closed.append(reason)
                default: state.alive += 1
                }
                state.inside = false
            }
        }
    }

    @Test func eventsFromManyThreadsComeOneAtATimeAndNothingFollowsClosed() async {
        let recorder = Recorder()
        let delivery = StreamDelivery { recorder.record($0) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                        Thread.detachNewThread {
                            for _ in 0..<500 { delivery.deliver(.alive) }
                            done.resume()
                        }
                    }
                }
            }
        }
        #expect(!delivery.hasEnded)
        #expect(delivery.deliver(.closed(reason: "first")))
        #expect(delivery.deliver(.closed(reason: "second")))
        #expect(delivery.deliver(.alive))
        #expect(delivery.hasEnded)
        let state = recorder.state.withLock { $0 }
        #expect(state.overlaps == 0)
        #expect(state.alive == 2_000)
        #expect(state.closed == ["first"])
        #expect(state.afterClosed == 0)
    }
}
