import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct TokenBucketTests {
    @Test func tokenBucketGrantsTheBurstThenPacesAtTheRate() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(ratePerSecond: 10, burst: 3, now: start)
        let waits = (0..<5).map { _ in bucket.reserve(now: start) }
        #expect(waits[0...2].allSatisfy { $0 == .zero })
        #expect(waits[3] > .milliseconds(99) && waits[3] <= .milliseconds(100))
        #expect(waits[4] > .milliseconds(199) && waits[4] <= .milliseconds(200))
        // After a quiet second the bucket is full again, but never fuller than the burst.
        let later = start + .seconds(10)
        #expect((0..<3).map { _ in bucket.reserve(now: later) }.allSatisfy { $0 == .zero })
        #expect(bucket.reserve(now: later) > .zero)
    }

    @Test func takeGrantsOnlyWholeTokensAndNeverQueuesAhead() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(ratePerSecond: 1, burst: 2, now: start)
        let takes = [start, start, start, start + .milliseconds(500), start + .seconds(1), start + .seconds(1)].map { bucket.take(now: $0) }
        // Refused takes do not go into debt: half a second later there is still no whole token,
        // a second after the start there is exactly one.
        #expect(takes == [true, true, false, false, true, false])
    }

    @Test func aBucketOfSoManyAMinutePacesBelowOneASecond() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(count: 200, per: .seconds(60), burst: 1, now: start)
        #expect(bucket.reserve(now: start) == .zero)
        #expect(bucket.reserve(now: start) == .milliseconds(300), "200 a minute is one every 0.3 s")
        #expect(bucket.reserve(now: start) == .milliseconds(600))
    }
}
