import Brokerage
import StrategyKit

extension LiveRunner {
    /// Compares the account's positions at the broker, where it keeps them, with the engine's
    /// (the ledger's fills and those reconciliation just booked), in every symbol the engine
    /// trades or holds, and throws the first difference (`PositionMismatch`): it is then
    /// something reconciliation cannot explain, a trade outside this configuration.
    func checkPositions() async throws {
        guard let held = try await broker.positions(venue: engine.venue) else { return }
        let portfolio = engine.portfolio
        let symbols = Set(engine.symbols).union(portfolio.accountPositions.keys)
        for symbol in symbols.sorted() {
            let broker = held[symbol] ?? .zero, booked = portfolio.accountPosition(in: symbol).quantity
            if broker != booked { throw PositionMismatch(symbol: symbol, broker: broker, ledger: booked) }
        }
    }
}
