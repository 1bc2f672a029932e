/// The mean of the last `period` prices, updated in constant time: a ring of the window's
/// prices, allocated once at `init`, and their exact sum.
///
/// ```swift
/// var average = SimpleMovingAverage(period: 20)
/// average.update(close)
/// if let mean = average.value { ... }  // nil until 20 prices have been seen
/// ```
///
/// `value` is the exact mean rounded half away from zero to one unit ($0.0001); the sum is an
/// `Int64` that traps rather than wraps (never for prices within `Price.maxAccepted` and any
/// period below nine billion).
///
/// Every indicator is `@frozen`, with an `@inlinable` `update` and `value`, because an
/// indicator's update and read are the inner loop of the plugin that owns it: a resilient struct
/// would be reached through its type's metadata, and every update and read would be an opaque
/// call costing more than the arithmetic. The price is that the layout, the update and the
/// rounding are compiled into the plugin, so a change to any of them reaches a plugin only when
/// it is rebuilt against the new SDK (the rare 128-bit slow paths stay calls into the SDK). The
/// ring is a `ContiguousArray`: copying an indicator shares it, and the copy's first update
/// copies it.
@frozen
public struct SimpleMovingAverage: Sendable {
    /// The window's prices in units, oldest overwritten first; zeros before it is full.
    @usableFromInline var window: ContiguousArray<Int64>
    /// Where the next price goes in `window`.
    @usableFromInline var next: Int
    /// The prices seen, up to the period.
    @usableFromInline var count: Int
    /// The sum of `window`, exactly.
    @usableFromInline var sum: Int64
    /// Division by the period.
    @usableFromInline let divisor: FixedDivisor

    /// An average over the last `period` prices; `period` is at least 1.
    public init(period: Int) {
        precondition(period >= 1, "SimpleMovingAverage: period must be at least 1, got \(period)")
        window = ContiguousArray(repeating: 0, count: period)
        next = 0
        count = 0
        sum = 0
        divisor = FixedDivisor(period)
    }

    /// How many prices the average spans.
    @inlinable
    public var period: Int { window.count }

    /// Whether `period` prices have been seen, so that `value` is not nil.
    @inlinable
    public var isReady: Bool { count == window.count }

    /// Adds the next price.
    @inlinable
    public mutating func update(_ price: Price) {
        push(price.units)
    }

    /// The mean of the last `period` prices, rounded half away from zero to one unit; nil until
    /// `period` prices have been seen.
    @inlinable
    public var value: Price? {
        guard isReady else { return nil }
        return Price(units: divisor.roundedHalfAway(sum))
    }

    /// Adds `units` to the window and returns the value it replaced (0 while the window fills,
    /// which leaves a sum of anything unchanged): what `RollingStandardDeviation` keeps its sum
    /// of squares with.
    @inlinable @discardableResult
    mutating func push(_ units: Int64) -> Int64 {
        let evicted = window[next]
        window[next] = units
        next += 1
        if next == window.count { next = 0 }
        if count < window.count { count += 1 }
        sum = sum - evicted + units
        return evicted
    }
}
