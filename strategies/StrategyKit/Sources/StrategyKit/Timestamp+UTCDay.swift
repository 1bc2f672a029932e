// The one UTC day of the project: the risk checker's daily loss, the history's days, the
// simulated exchange's sessions and bars and the command line's dates all count days here, so
// that they agree on where a day starts, before 1970 too. A UTC day is 86,400 seconds, as in
// Unix time (no leap seconds). SPI, as ISO-8601 is: the host's day arithmetic, not part of the
// plugin API (a strategy's own sense of a session belongs to a later SDK), so it adds nothing a
// plugin can call and the SDK's version stays.
extension Timestamp {
    /// Nanoseconds in a UTC day.
    @_spi(Host) @inlinable
    public static var nanosecondsPerDay: Int64 { 86_400_000_000_000 }

    /// The UTC day of this time: whole days since 1970-01-01, rounded down, so that the last
    /// nanosecond before the epoch is day -1, not day 0.
    @_spi(Host) @inlinable
    public var utcDay: Int64 { nanoseconds.divided(roundingDownBy: Self.nanosecondsPerDay).quotient }

    /// Midnight UTC at the start of this time's day. A time in the partial day at the start of
    /// `Int64`'s range (before 1677-09-21T00:00:00Z), whose midnight nanoseconds cannot hold, is
    /// given the earliest time they hold instead of trapping.
    @_spi(Host) @inlinable
    public var startOfUTCDay: Timestamp { startOfPeriod(nanoseconds: Self.nanosecondsPerDay) }

    /// The start of the period this time falls in, periods being `period` nanoseconds long and
    /// counted from the epoch (a minute, an hour, a day): this time rounded down to a multiple of
    /// `period`. A start before the earliest time `Int64` holds is given that time instead of
    /// trapping. `period` must be positive.
    @_spi(Host) @inlinable
    public func startOfPeriod(nanoseconds period: Int64) -> Timestamp {
        precondition(period > 0, "a period is a positive number of nanoseconds")
        let remainder = nanoseconds.divided(roundingDownBy: period).remainder
        let (start, overflow) = nanoseconds.subtractingReportingOverflow(remainder)
        return Timestamp(nanoseconds: overflow ? .min : start)
    }
}
