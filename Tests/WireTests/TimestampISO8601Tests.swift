import StrategyKit
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct TimestampISO8601Tests {
    @Test func formatsNanosecondsInUTC() {
        let time = Timestamp(nanoseconds: 1_449_219_736_680_986_205)
        #expect(time.iso8601 == "2015-12-04T09:02:16.680986205Z")
        #expect(time.description == time.iso8601)
    }

    @Test func parsesAnySubSecondPrecision() {
        #expect(Timestamp(iso8601: "2015-12-04T09:02:16.680986205Z")?.nanoseconds == 1_449_219_736_680_986_205)
        #expect(Timestamp(iso8601: "2015-07-13T05:38:17.33640392Z")?.nanoseconds == 1_436_765_897_336_403_920)
        #expect(Timestamp(iso8601: "2015-07-05T22:16:18Z")?.nanoseconds == 1_436_134_578_000_000_000)
        #expect(Timestamp(iso8601: "2015-07-05T22:16:18.5Z")?.nanoseconds == 1_436_134_578_500_000_000)
        // Digits past the ninth are dropped, not rounded.
        #expect(Timestamp(iso8601: "2015-07-05T22:16:18.1234567899Z")?.nanoseconds == 1_436_134_578_123_456_789)
    }

    @Test func appliesNumericOffsets() {
        #expect(Timestamp(iso8601: "2015-07-06T00:16:18+02:00") == Timestamp(iso8601: "2015-07-05T22:16:18Z"))
    }

    @Test func refusesMalformedTimes() {
        for text in ["", "2015-07-05", "2015-07-05T22:16:18", "2015-13-05T22:16:18Z", "2015-07-05T22:16:18.Z",
                     "2015-07-05T22:16:18Zjunk", "yesterday"] {
            #expect(Timestamp(iso8601: text) == nil, "\(text)")
        }
    }

    @Test func roundTripsAcrossCenturiesAndBeforeTheEpoch() {
        for nanoseconds: Int64 in [0, -1, -86_400_000_000_001, 951_782_400_123_456_789, 4_102_444_799_999_999_999] {
            let time = Timestamp(nanoseconds: nanoseconds)
            #expect(Timestamp(iso8601: time.iso8601) == time, "\(time.iso8601)")
        }
        #expect(Timestamp(nanoseconds: -1).iso8601 == "1969-12-31T23:59:59.999999999Z")
        #expect(Timestamp(iso8601: "2000-02-29T00:00:00Z")?.iso8601 == "2000-02-29T00:00:00.000000000Z")
    }
}
