import StrategyKit

/// The last trade a poller saw of one symbol, to tell a new print from the one polled before.
///
/// The rule: a trade is new when none was seen, when it is later than the last one, or when it
/// is at the same time with another price or size. An earlier trade (a venue reporting out of
/// order) and the same print polled again are not. A poll samples the tape: prints between two
/// polls are not seen, and two prints alike in time, price and size are one.
struct LastTradeFilter {
    private var last: Trade?

    /// Whether `trade` is new by the rule above; a new one becomes the last.
    mutating func record(_ trade: Trade) -> Bool {
        if let last {
            guard trade.time > last.time || (trade.time == last.time && (trade.price != last.price || trade.qty != last.qty)) else {
                return false
            }
        }
        last = trade
        return true
    }
}
