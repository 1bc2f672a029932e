import StrategyKit

/// What the exchange says an order is, beyond its id: the account, symbol, side and original
/// quantity it was placed with and the time it opened. Two reports with one id and different
/// identities are two orders (an exchange that numbered its orders again after a restart).
public struct OrderIdentity: Hashable, Sendable, CustomStringConvertible {
    public var account: Account
    public var symbol: Symbol
    public var side: Side
    public var originalQty: Quantity
    /// The exchange's `ts` of the order: when it opened.
    public var opened: Timestamp

    /// The identity `status` reports.
    public init(_ status: OrderStatus) {
        account = status.account
        symbol = status.symbol
        side = status.side
        originalQty = status.originalQty
        opened = status.ts
    }

    /// `account A symbol S buy 10 opened <ns>`.
    public var description: String {
        "account \(account) symbol \(symbol) \(side.rawValue) \(originalQty) opened \(opened.nanoseconds)"
    }
}
