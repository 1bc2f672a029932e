import StrategyKit

/// The limit price of a closing order: across the touch by as much as the risk checker's price
/// collar allows from its reference (the book's mid, else the last trade), never beyond, so the
/// order is marketable whenever the collar reaches the other side of the book.
enum ClosingPrice {
    /// The price for a `side` order against `reference` within `collarBasisPoints`: the
    /// farthest whole cent inside the collar, or the farthest unit when no whole cent is
    /// (a collar narrower than a cent around a sub-penny reference). Nil without a positive
    /// reference or price.
    static func price(side: Side, reference: Price?, collarBasisPoints: Int64) -> Price? {
        guard let reference, reference.units > 0 else { return nil }
        // The collar admits a distance d with d * 10_000 <= reference * basis points.
        let reach = Int64(clamping: Int128(reference.units) * Int128(max(collarBasisPoints, 0)) / 10_000)
        let cent = Price.unitsPerCent
        let farthest = side == .buy ? reference.units + reach : reference.units - reach
        guard farthest > 0 else { return nil }
        // To a whole cent towards the reference: down for a buy, up for a sell.
        let rounded = side == .buy ? farthest / cent * cent : (farthest + cent - 1) / cent * cent
        let units = abs(rounded - reference.units) <= reach && rounded > 0 ? rounded : farthest
        return Price(units: units)
    }
}
