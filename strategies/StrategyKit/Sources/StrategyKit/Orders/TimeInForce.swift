/// How long an order may work before the venue cancels what is left of it.
///
/// Fill-or-kill and immediate-or-cancel are order types (`OrderType.fillOrKill`,
/// `.immediateOrCancel`), as the StockFighter API has them; a venue that calls them times in
/// force (Alpaca's `fok`, `ioc`) is sent them as such. (SDK 4.0)
@frozen
public enum TimeInForce: String, Hashable, Sendable, Codable, CaseIterable {
    /// Until the end of the trading day. A venue without sessions (StockFighter) has no day's end,
    /// so there a day order works until it is cancelled.
    case day
    /// Until cancelled.
    case gtc
    /// In the opening auction only.
    case opg
    /// In the closing auction only.
    case cls
}
