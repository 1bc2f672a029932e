@testable import Reports
import StrategyKit
import Testing
import Wire

/// The axes of the report's charts: round steps, labels a reader can read.
@Suite(.timeLimit(.minutes(10))) struct ChartTicksTests {
    static let time = Timestamp(iso8601: "2026-12-01T22:14:17.123456789Z")!.nanoseconds
    static let second: Int64 = 1_000_000_000

    @Test func aFewMinutesAreTickedOnRoundHalfMinutesLabelledToTheSecond() {
        let (ticks, step) = ChartTicks.times(from: Self.time, to: Self.time + 168 * Self.second, atMost: 10)
        #expect(step == 30 * Self.second)
        #expect(ticks.map { ChartTicks.label($0, step: step) } == ["22:14:30", "22:15:00", "22:15:30", "22:16:00", "22:16:30", "22:17:00"])
        #expect(ChartTicks.date(Self.time) == "2026-12-01")
    }

    @Test func hoursAndDaysAreLabelledToTheMinuteAndWithTheDate() {
        let (hours, hourStep) = ChartTicks.times(from: Self.time, to: Self.time + 5 * 3_600 * Self.second, atMost: 10)
        #expect(hourStep == 3_600 * Self.second && ChartTicks.label(hours[0], step: hourStep) == "23:00")
        let (days, dayStep) = ChartTicks.times(from: Self.time, to: Self.time + 5 * 86_400 * Self.second, atMost: 10)
        #expect(dayStep == 86_400 * Self.second && ChartTicks.label(days[0], step: dayStep) == "12-02 00:00")
    }

    @Test func valuesTakeStepsOfOneTwoOrFiveTimesAPowerOfTen() {
        #expect(ChartTicks.values(from: 0, to: 1_234, atMost: 6) == [0, 500, 1_000])
        #expect(ChartTicks.values(from: -7, to: 12, atMost: 6) == [-5, 0, 5, 10])
        #expect(ChartTicks.values(from: 499_990_100, to: 500_012_000, atMost: 6) == [499_995_000, 500_000_000, 500_005_000, 500_010_000])
        #expect(ChartTicks.values(from: 3, to: 3, atMost: 6) == [3])
    }

    @Test func extremesNeverTrap() {
        #expect(!ChartTicks.values(from: .min, to: .max, atMost: 6).isEmpty)
        #expect(ChartTicks.values(from: .max - 3, to: .max, atMost: 6).allSatisfy { $0 >= .max - 3 })
        _ = ChartTicks.times(from: .min, to: .max, atMost: 10)
    }

    @Test func moneyIsInDollarsSignFirst() {
        #expect(Money(units: 12_345_000).dollarText == "$1234.50")
        #expect(Money(units: -125).dollarText == "-$0.0125")
    }

    @Test func theChartsAxesAreRoundTimesAndValuesAndItFillsThePage() {
        let chart = SVGChart(
            title: "t", lines: [.init(points: [(Self.time, Int64(0)), (Self.time + 168 * Self.second, Int64(1_234))], color: "#000", stepped: false)],
            formatY: { "v\($0)" })
        let svg = chart.render()
        #expect(svg.contains(">22:14:30<") && svg.contains(">22:17:00<") && svg.contains(">UTC, 2026-12-01<"))
        #expect(!svg.contains("T22:14"))
        #expect(svg.contains(">v500<") && svg.contains(">v1000<"))
        #expect(svg.contains(#"style="width:100%;height:auto""#))
    }
}
