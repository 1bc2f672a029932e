import StrategyKit
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct NewYorkTimeTests {
    @Test func theOffsetFollowsDaylightSavingTimeFromMarchToNovember() throws {
        // 2026: DST from Sunday 8 March 07:00 UTC to Sunday 1 November 06:00 UTC.
        let cases: [(String, Int64)] = [
            ("2026-03-08T06:59:59Z", -18_000), ("2026-03-08T07:00:00Z", -14_400),
            ("2026-07-01T12:00:00Z", -14_400), ("2026-11-01T05:59:59Z", -14_400),
            ("2026-11-01T06:00:00Z", -18_000), ("2026-12-25T12:00:00Z", -18_000),
        ]
        for (text, offset) in cases {
            #expect(NewYorkTime.offsetSeconds(at: try #require(Timestamp(iso8601: text))) == offset, "\(text)")
        }
    }

    @Test func aNewYorkDateAndTimeIsAnInstantAndBack() throws {
        let open = try #require(NewYorkTime.instant(date: "2026-11-02", time: "09:30"))
        #expect(open == Timestamp(iso8601: "2026-11-02T14:30:00Z"))
        #expect(NewYorkTime.instant(date: "2026-07-01", time: "0400") == Timestamp(iso8601: "2026-07-01T08:00:00Z"))
        #expect(NewYorkTime.instant(date: "2026-07-01", time: "24:00") == Timestamp(iso8601: "2026-07-02T04:00:00Z"))
        #expect(NewYorkTime.date(of: open) == "2026-11-02" && NewYorkTime.timeOfDay(of: open) == "09:30")
        // 02:30 UTC on the 3rd is still the 2nd in New York.
        #expect(NewYorkTime.date(of: try #require(Timestamp(iso8601: "2026-11-03T02:30:00Z"))) == "2026-11-02")
        for bad in ["9:30", "25:00", "12:60", "noon"] {
            #expect(NewYorkTime.instant(date: "2026-11-02", time: bad) == nil, "\(bad)")
        }
        #expect(NewYorkTime.instant(date: "2026-11", time: "09:30") == nil)
    }

    @Test func daysFollowOneAnotherAcrossMonthsAndYears() {
        #expect(NewYorkTime.day(after: "2026-12-31") == "2027-01-01")
        #expect(NewYorkTime.day(after: "2028-02-28") == "2028-02-29")
        #expect(NewYorkTime.weekday(of: "2026-11-02") == 1, "a Monday")
        #expect(NewYorkTime.weekday(of: "2026-12-06") == 0, "a Sunday")
    }
}
