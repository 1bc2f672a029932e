/// The span of one bar: 1Min, 5Min, 15Min, 1Hour, 1Day, as Alpaca names them. Bars are aligned
/// to the UTC epoch (a 5Min bar starts at a multiple of five minutes; a 1Day bar at 00:00 UTC).
/// (SDK 4.0)
@frozen
public struct BarTimeframe: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The span in seconds.
    public var seconds: Int64

    @inlinable
    public init(seconds: Int64) {
        self.seconds = seconds
    }

    public static let oneMinute = BarTimeframe(seconds: 60)
    public static let fiveMinutes = BarTimeframe(seconds: 300)
    public static let fifteenMinutes = BarTimeframe(seconds: 900)
    public static let oneHour = BarTimeframe(seconds: 3_600)
    public static let oneDay = BarTimeframe(seconds: 86_400)

    /// Every timeframe a configuration may name, shortest first.
    public static let all: [BarTimeframe] = [.oneMinute, .fiveMinutes, .fifteenMinutes, .oneHour, .oneDay]

    /// Parses Alpaca's names: `1Min`, `5Min`, `15Min`, `1Hour`, `1Day`.
    public init?(name: String) {
        guard let match = Self.all.first(where: { $0.description == name }) else { return nil }
        self = match
    }

    /// The span in nanoseconds.
    @inlinable
    public var nanoseconds: Int64 { seconds * 1_000_000_000 }

    /// The start of the bar that `time` falls in.
    public func start(of time: Timestamp) -> Timestamp {
        Timestamp(nanoseconds: time.nanoseconds - time.nanoseconds.divided(roundingDownBy: nanoseconds).remainder)
    }

    public static func < (lhs: BarTimeframe, rhs: BarTimeframe) -> Bool { lhs.seconds < rhs.seconds }

    public var description: String {
        switch seconds {
        case 86_400: "1Day"
        case let s where s % 3_600 == 0: "\(s / 3_600)Hour"
        case let s where s % 60 == 0: "\(s / 60)Min"
        default: "\(seconds)Sec"
        }
    }
}
