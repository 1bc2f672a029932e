import StrategyKit
import Trading

/// What a `ReplayVenue` tells its client, in the API's terms.
public enum ReplayVenueReport: Hashable, Sendable {
    /// The answer to a place request: the order as it stood once it reached the book (with the
    /// fills it took on arrival), under the client's number for it.
    case placed(ClientOrderID, ReplayOrderUpdate)
    /// A place request the venue refused, as the API answers 400 (e.g. a quantity that is not
    /// positive); no order id was used.
    case placeRejected(ClientOrderID, OrderRequest, reason: String, time: Timestamp)
    /// The answer to a cancel request: the order closed, its fills kept.
    case cancelled(ReplayOrderUpdate)
    /// A cancel request for an order id the venue never gave, as the API answers 404.
    case cancelRejected(OrderID, reason: String, time: Timestamp)
    /// A resting order filled (in part) as a later book showed trading.
    case filled(ReplayOrderUpdate)
    /// A day order still open at the session's close, closed by the venue with its fills kept
    /// (Alpaca's `expired`).
    case expired(ReplayOrderUpdate)

    /// When the venue produced the report (simulated time).
    public var time: Timestamp {
        switch self {
        case .placed(_, let update), .cancelled(let update), .filled(let update), .expired(let update): update.time
        case .placeRejected(_, _, _, let time), .cancelRejected(_, _, let time): time
        }
    }
}

/// An order's status at one moment of simulated time, with what changed.
public struct ReplayOrderUpdate: Hashable, Sendable {
    /// The order object as the API would return it now.
    public var status: OrderStatus
    /// When this happened (simulated time).
    public var time: Timestamp
    /// The indices in `status.fills` that are new in this update.
    public var newFills: Range<Int>
    /// Whether the new fills took or provided liquidity.
    public var liquidity: Liquidity
    /// Fees (negative: rebates) on the new fills, per the configured schedule.
    public var fees: Money

    public init(status: OrderStatus, time: Timestamp, newFills: Range<Int>, liquidity: Liquidity, fees: Money) {
        self.status = status
        self.time = time
        self.newFills = newFills
        self.liquidity = liquidity
        self.fees = fees
    }
}
