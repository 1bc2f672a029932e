/// A stable reason code for a denial or a trading-state change. The raw values are a contract:
/// logs, ledgers and strategies (through `OrderUpdate.rejected`) match on them.
public enum RiskCode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The order's quantity is above `maxOrderQty`.
    case maxOrderQty = "RISK_MAX_ORDER_QTY"
    /// The order's quantity is zero or negative.
    case nonPositiveQty = "RISK_NON_POSITIVE_QTY"
    /// A priced order's limit is zero or negative.
    case nonPositivePrice = "RISK_NON_POSITIVE_PRICE"
    /// The strategy's projected position in the symbol would exceed `maxPosition`.
    case maxPosition = "RISK_MAX_POSITION"
    /// The account's projected position in the symbol would exceed `maxSymbolPosition`.
    case maxSymbolPosition = "RISK_MAX_SYMBOL_POSITION"
    /// The order's notional is above `maxNotionalPerOrder`.
    case maxNotional = "RISK_MAX_NOTIONAL"
    /// The strategy would have more than `maxOpenOrders` open orders.
    case maxOpenOrders = "RISK_MAX_OPEN_ORDERS"
    /// The limit price is further from the reference price than the collar allows.
    case priceCollar = "RISK_PRICE_COLLAR"
    /// There is no reference price (no mid, no last trade) to check the order against.
    case noReferencePrice = "RISK_NO_REFERENCE_PRICE"
    /// The strategy placed `maxOrdersPerSecond` orders in the last second already.
    case orderRate = "RISK_ORDER_RATE"
    /// The order would cross one of the account's own resting orders.
    case selfTrade = "RISK_SELF_TRADE"
    /// The book is older than `staleBookMs`, or there is no book for the symbol.
    case staleBook = "RISK_STALE_BOOK"
    /// A market order while the limits do not allow them.
    case marketOrdersDisabled = "RISK_MARKET_ORDERS_DISABLED"
    /// The strategy or the account is halted: only cancels pass.
    case halted = "RISK_HALTED"
    /// The strategy or the account is reducing: only orders that reduce the position pass.
    case reducingOnly = "RISK_REDUCING_ONLY"
    /// The strategy has no risk limits configured.
    case unknownStrategy = "RISK_UNKNOWN_STRATEGY"
    /// The loss since the start of the day went beyond `maxLoss` (a state change, not a denial).
    case maxLoss = "RISK_MAX_LOSS"
    /// An operator changed the trading state by command or configuration (a state change).
    case manual = "RISK_MANUAL"
    /// The exchange reported two different orders under one id; the strategies involved are
    /// halted until an operator resumes them (a state change).
    case orderIDClash = "RISK_ORDER_ID_CLASH"
    /// An earlier order of the strategy in the symbol has an unknown placement outcome, not yet
    /// settled from the account's orders.
    case unsettledOrder = "RISK_UNSETTLED_ORDER"
    /// A change of trading state could not be saved (so a halt would not survive a restart):
    /// the account is halted until an operator resumes it (a state change).
    case stateUnsaved = "RISK_STATE_UNSAVED"
    /// The order needs the engine to hold it (a stop, trailing stop, group or replace the venue
    /// cannot keep) and the configuration refuses emulated orders (`"emulatedOrders": false`).
    case emulationRefused = "RISK_EMULATION_REFUSED"
}
