import Brokerage
import StrategyKit

extension LiveRunner {
    /// Compares the account's positions at the broker, where it keeps them, with the engine's
    /// (the ledger's fills and those reconciliation just booked), in every symbol the engine
    /// trades or holds, and throws the first difference (`PositionMismatch`): something
    /// reconciliation cannot explain, a trade outside this configuration.
    ///
    /// Our resting orders may fill while the positions and the orders are read, so the
    /// positions are read twice, `before` (read before the account's orders were listed) and
    /// again now: the engine's position must lie between the two.
    func checkPositions(before: [Symbol: Quantity]?) async throws {
        guard let before, let after = try await broker.positions(venue: engine.venue) else { return }
        let portfolio = engine.portfolio
        let symbols = Set(engine.symbols).union(portfolio.accountPositions.keys)
        for symbol in symbols.sorted() {
            let first = before[symbol] ?? .zero, last = after[symbol] ?? .zero
            let booked = portfolio.accountPosition(in: symbol).quantity
            if booked < min(first, last) || booked > max(first, last) {
                throw PositionMismatch(symbol: symbol, broker: last, ledger: booked)
            }
        }
    }
}
