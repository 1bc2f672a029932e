import StrategyKit

/// The prices and quantities a recording may hold: those the exchange client accepts, 0 to
/// `Price.maxAccepted` (in `Price.units`) and 0 to `Quantity.maxAccepted` shares (a fill's quantity from 1),
/// so that a replayed session cannot feed the engine what a live one could not. Readers check
/// each number as they decode it and refuse the record, naming the number, otherwise.
enum RecordedNumbers {
    static let prices = 0...Price.maxAccepted.units
    static let quantities = 0...Quantity.maxAccepted.shares
    static let fillQuantities = 1...Quantity.maxAccepted.shares

    /// Whether a book entry's price and quantity are both accepted: one unsigned comparison
    /// each, as the readers decode entries.
    @inline(__always)
    static func holds(price: Int64, qty: Int64) -> Bool {
        UInt64(bitPattern: price) <= UInt64(prices.upperBound) && UInt64(bitPattern: qty) <= UInt64(quantities.upperBound)
    }

    /// The reason for refusing entry `index` of the side `isBuy` names, whose price or
    /// quantity is not accepted: `bids[3].price: -5 is out of range 0...1000000000`.
    static func refusal(price: Int64, qty: Int64, isBuy: Bool, index: Int) -> String {
        let field = "\(isBuy ? "bids" : "asks")[\(index)]"
        return prices.contains(price)
            ? outOfRange("\(field).qty", qty, quantities) : outOfRange("\(field).price", price, prices)
    }

    /// The reason for refusing the first entry of `bids` or `asks` that is not accepted.
    static func refusal(bids: [BookEntry], asks: [BookEntry]) -> String {
        for side in [bids, asks] {
            for (index, entry) in side.enumerated() where !holds(price: entry.price.units, qty: entry.qty.shares) {
                return refusal(price: entry.price.units, qty: entry.qty.shares, isBuy: entry.isBuy, index: index)
            }
        }
        return "every entry is within range"
    }

    /// The reason for refusing a trade whose price or quantity (from 1 share) is not accepted;
    /// nil when both are.
    static func tradeRefusal(price: Int64, qty: Int64) -> String? {
        guard prices.contains(price) else { return outOfRange("trade.price", price, prices) }
        guard fillQuantities.contains(qty) else { return outOfRange("trade.qty", qty, fillQuantities) }
        return nil
    }

    /// `field: value is out of range lower...upper`.
    static func outOfRange(_ field: String, _ value: Int64, _ range: ClosedRange<Int64>) -> String {
        "\(field): \(value) is out of range \(range.lowerBound)...\(range.upperBound)"
    }
}
