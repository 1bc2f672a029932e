import StrategyKit

/// One fill of an Alpaca order, as `/v2/account/activities/FILL` reports it; `id` is its own
/// identity (`<yyyyMMddHHmmssSSS>::<uuid>`, Alpaca's shape), never reused.
struct AlpacaFillActivity {
    let id: String
    let time: Timestamp
    let orderID: OrderID
    let symbol: Symbol
    let side: Side
    let price: Price
    let qty: Quantity
    /// The order's filled shares after this fill.
    let cumQty: Quantity
    /// The order's open shares after this fill.
    let leavesQty: Quantity
    /// The order's status right after this fill (filled or partially_filled).
    let orderStatus: String
}
