import Testing
import Wire

@Suite(.timeLimit(.minutes(10)))
struct DurationTextTests {
    @Test func readsEachUnit() {
        #expect(DurationText.parse("500ms") == .milliseconds(500))
        #expect(DurationText.parse("5s") == .seconds(5))
        #expect(DurationText.parse("2m") == .seconds(120))
        #expect(DurationText.parse("1h") == .seconds(3_600))
        #expect(DurationText.parse("0s") == .zero)
    }

    @Test func refusesWhatIsNotAWholeNumberWithAUnit() {
        for text in ["", "5", "s", "1.5s", "-5s", "+5s", "5 s", "5sec", "5d", "٥s", "99999999999999999h"] {
            #expect(DurationText.parse(text) == nil, "\(text)")
        }
    }

    @Test func describesInTheLargestWholeUnitAndReadsItBack() {
        #expect(DurationText.describe(.seconds(3_600)) == "1h")
        #expect(DurationText.describe(.seconds(90)) == "90s")
        #expect(DurationText.describe(.milliseconds(250)) == "250ms")
        #expect(DurationText.describe(.zero) == "0ms")
        for duration: Duration in [.milliseconds(1), .milliseconds(1_500), .seconds(59), .seconds(7_200)] {
            #expect(DurationText.parse(DurationText.describe(duration)) == duration)
        }
    }
}
