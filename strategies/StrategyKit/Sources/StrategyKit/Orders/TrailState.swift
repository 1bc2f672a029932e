/// Where a trailing stop stands: the best price seen since it was placed and the stop price
/// that gives. (SDK 4.0)
@frozen
public struct TrailState: Hashable, Sendable, Codable {
    public var highWaterMark: Price
    public var stopPrice: Price

    @inlinable
    public init(highWaterMark: Price, stopPrice: Price) {
        self.highWaterMark = highWaterMark
        self.stopPrice = stopPrice
    }
}
