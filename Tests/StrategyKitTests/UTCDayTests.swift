@_spi(Host) import StrategyKit
import Testing

/// The one UTC day every part counts with: days and periods rounded down, before 1970 too, and
/// no trap at either end of `Int64`.
@Suite(.timeLimit(.minutes(10))) struct UTCDayTests {
    let day: Int64 = 86_400_000_000_000
    /// 2026-12-01T00:00:00Z, day 20,788.
    let midnight: Int64 = 1_796_083_200_000_000_000

    @Test func aDayIs86400Seconds() {
        #expect(Timestamp.nanosecondsPerDay == day)
    }

    @Test func anExactMidnightStartsItsDayAndTheNanosecondBeforeEndsThePrevious() {
        #expect(Timestamp(nanoseconds: midnight).utcDay == 20_788)
        #expect(Timestamp(nanoseconds: midnight).startOfUTCDay == Timestamp(nanoseconds: midnight))
        #expect(Timestamp(nanoseconds: midnight - 1).utcDay == 20_787)
        #expect(Timestamp(nanoseconds: midnight - 1).startOfUTCDay == Timestamp(nanoseconds: midnight - day))
        #expect(Timestamp(nanoseconds: midnight + day - 1).startOfUTCDay == Timestamp(nanoseconds: midnight))
        #expect(Timestamp.zero.utcDay == 0 && Timestamp.zero.startOfUTCDay == .zero)
    }

    @Test func timesBefore1970CountDaysDownward() {
        #expect(Timestamp(nanoseconds: -1).utcDay == -1)
        #expect(Timestamp(nanoseconds: -1).startOfUTCDay == Timestamp(nanoseconds: -day))
        #expect(Timestamp(nanoseconds: -day).utcDay == -1)
        #expect(Timestamp(nanoseconds: -day).startOfUTCDay == Timestamp(nanoseconds: -day))
        #expect(Timestamp(nanoseconds: -day - 1).utcDay == -2)
        #expect(Timestamp(nanoseconds: -day - 1).startOfUTCDay == Timestamp(nanoseconds: -2 * day))
    }

    @Test func aPeriodStartsAtTheLastMultipleOfItsLengthAtOrBeforeTheTime() {
        let minute: Int64 = 60_000_000_000
        let time = Timestamp(nanoseconds: midnight + 90 * minute + 5)
        #expect(time.startOfPeriod(nanoseconds: minute) == Timestamp(nanoseconds: midnight + 90 * minute))
        #expect(time.startOfPeriod(nanoseconds: 60 * minute) == Timestamp(nanoseconds: midnight + 60 * minute))
        #expect(time.startOfPeriod(nanoseconds: day) == time.startOfUTCDay)
        #expect(time.startOfPeriod(nanoseconds: 1) == time)
        #expect(Timestamp(nanoseconds: -1).startOfPeriod(nanoseconds: minute) == Timestamp(nanoseconds: -minute))
        #expect(Timestamp(nanoseconds: -minute).startOfPeriod(nanoseconds: minute) == Timestamp(nanoseconds: -minute))
    }

    /// `Int64.min` lies in a day whose midnight `Int64` cannot hold: its start is the earliest
    /// time instead of a trap. `Int64.max`'s day starts where it should.
    @Test func theEndsOfInt64DoNotTrap() {
        let earliest = Timestamp(nanoseconds: .min), latest = Timestamp(nanoseconds: .max)
        #expect(earliest.utcDay == -106_752)
        #expect(earliest.startOfUTCDay == earliest)
        #expect(Timestamp(nanoseconds: -106_751 * day).startOfUTCDay == Timestamp(nanoseconds: -106_751 * day))
        #expect(Timestamp(nanoseconds: -106_751 * day - 1).startOfUTCDay == earliest)
        #expect(earliest.startOfPeriod(nanoseconds: .max) == earliest)
        #expect(latest.utcDay == 106_751)
        #expect(latest.startOfUTCDay == Timestamp(nanoseconds: 106_751 * day))
        #expect(latest.startOfPeriod(nanoseconds: .max) == latest)
        #expect(latest.startOfPeriod(nanoseconds: 1) == latest)
        #expect(earliest.startOfPeriod(nanoseconds: 1) == earliest)
    }
}
