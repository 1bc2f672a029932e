import Backtest
import Testing

@Suite(.timeLimit(.minutes(10))) struct ProgressLineTests {
    @Test func showsRateShareAndTimeLeftAtTheByteRate() {
        let line = ProgressLine(events: 2_000_000, elapsedNanoseconds: 1_000_000_000, consumedBytes: 250, totalBytes: 1000)
        #expect(line.secondsLeft == 3)
        #expect(line.text == "2000000 events, 2.00 M/s, 25%, about 3 s left")
    }

    @Test func saysNothingOfTimeLeftBeforeAnythingWasRead() {
        let line = ProgressLine(events: 0, elapsedNanoseconds: 0, consumedBytes: 0, totalBytes: 1000)
        #expect(line.secondsLeft == nil)
        #expect(line.text == "0 events, 0 /s, 0%")
    }
}
