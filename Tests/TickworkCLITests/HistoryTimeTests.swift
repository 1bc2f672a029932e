import StrategyKit
import Testing

@testable import TickworkCLI

/// The times `tickwork history --since/--until` take.
@Suite(.timeLimit(.minutes(10))) struct HistoryTimeTests {
    /// 2026-12-01T15:30:00Z.
    let now = Timestamp(nanoseconds: 1_796_083_200_000_000_000 + 55_800_000_000_000)
    let midnight: Int64 = 1_796_083_200_000_000_000
    let day: Int64 = 86_400_000_000_000

    @Test func namedDaysAreUTCMidnights() {
        #expect(HistoryTime.parse("today", now: now)?.nanoseconds == midnight)
        #expect(HistoryTime.parse("yesterday", now: now)?.nanoseconds == midnight - day)
        #expect(HistoryTime.parse("7d", now: now)?.nanoseconds == now.nanoseconds - 7 * day)
        #expect(HistoryTime.parse("0d", now: now) == now)
    }

    @Test func isoDatesAndTimes() {
        #expect(HistoryTime.parse("2026-12-01", now: now)?.nanoseconds == midnight)
        #expect(HistoryTime.parse("2026-12-01T10:00:00Z", now: now)?.nanoseconds == midnight + 36_000_000_000_000)
        #expect(HistoryTime.parse("2026-12-01T10:00:00+01:00", now: now)?.nanoseconds == midnight + 32_400_000_000_000)
    }

    @Test("a time without a zone is UTC, as --help says, and its seconds may be left out")
    func timesWithoutZoneOrSeconds() {
        let ten = midnight + 36_000_000_000_000
        #expect(HistoryTime.parse("2026-12-01T10:00:00", now: now)?.nanoseconds == ten)
        #expect(HistoryTime.parse("2026-12-01T10:00", now: now)?.nanoseconds == ten)
        #expect(HistoryTime.parse("2026-12-01T10:00Z", now: now)?.nanoseconds == ten)
        #expect(HistoryTime.parse("2026-12-01T10:00+01:00", now: now)?.nanoseconds == ten - 3_600_000_000_000)
        #expect(HistoryTime.parse("2026-12-01T10:00:00.5", now: now)?.nanoseconds == ten + 500_000_000)
    }

    @Test(arguments: ["", "tomorrow", "7", "-3d", "d", "2026-13-01", "last tuesday", "2026-12-01T10", "2026-12-01T25:00", "2026-12-01T10:00:00+"])
    func othersAreRefused(text: String) {
        #expect(HistoryTime.parse(text, now: now) == nil)
    }
}
