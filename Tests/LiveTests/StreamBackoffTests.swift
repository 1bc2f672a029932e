@testable import Live
import Testing

/// The waits between a stream's connections and the pollers' pace while it is trusted, without
/// a runner.
@Suite(.timeLimit(.minutes(10))) struct StreamBackoffTests {
    @Test func theWaitDoublesUpToItsMaximumAndStartsAgainAfterATrustedConnection() {
        var backoff = StreamBackoff(initial: .milliseconds(500), maximum: .seconds(30), jitterPercent: 25)
        let waits = (0..<9).map { _ in backoff.next { _ in 0 } }
        #expect(waits == [0.5, 1, 2, 4, 8, 16, 30, 30, 30].map { Duration.milliseconds(Int64($0 * 1_000)) })
        backoff.reset()
        #expect(backoff.next { _ in 0 } == .milliseconds(500))
    }

    @Test func eachWaitIsJitteredWithinAQuarterEitherWay() {
        var backoff = StreamBackoff(initial: .milliseconds(500), maximum: .seconds(30), jitterPercent: 25)
        var asked: [ClosedRange<Int64>] = []
        let low = backoff.next { range in
            asked.append(range)
            return range.lowerBound
        }
        let high = backoff.next { range in
            asked.append(range)
            return range.upperBound
        }
        #expect(asked == [-125_000_000...125_000_000, -250_000_000...250_000_000])
        #expect(low == .milliseconds(375))
        #expect(high == .milliseconds(1_250))
        for _ in 0..<20 {
            let wait = backoff.next { Int64.random(in: $0) }
            #expect(wait >= .milliseconds(375) && wait <= .milliseconds(37_500))
        }
    }

    @Test func whileTheStreamIsTrustedAPollIsDueOncePerSafetyInterval() {
        let pace = PollPace(safetyInterval: .seconds(10))
        let start = ContinuousClock.now
        #expect(pace.due("book", now: start))
        #expect(pace.due("book", now: start + .milliseconds(10)), "not trusted: every poll goes out")
        pace.isTrusted = true
        #expect(!pace.due("book", now: start + .seconds(5)))
        #expect(pace.due("orders", now: start + .seconds(5)), "each poll keeps its own time")
        #expect(pace.due("book", now: start + .seconds(11)))
        #expect(!pace.due("book", now: start + .seconds(12)))
        pace.isTrusted = false
        #expect(pace.due("book", now: start + .seconds(12)), "the stream down: at once")
    }
}
