import CommandLineKit
import Sweeps

/// The options every sweep takes, `tickwork backtest --param` and `tickwork sweep plan` alike:
/// what ranks the cells and which cells run.
enum SweepOptions {
    static let objective: Option<SweepObjective> = .defaulted(
        "--objective", "NAME", default: .pnl,
        help: "What ranks a sweep's cells, best first: pnl, sharpe, sortino, calmar or pnl-per-trade (default pnl).",
        parse: .oneOf("pnl, sharpe, sortino, calmar or pnl-per-trade"))
    static let search: Option<String> = .defaulted(
        "--search", "SEARCH", default: "grid",
        help: "Which cells of the --param grid run: grid (all of them) or random:N (N distinct ones drawn from --seed; default grid).",
        parse: ValueParser { text throws(ValueError) in
            guard SweepSearch(parsing: text, seed: 0) != nil else { throw .expected("grid or random:N with N at least 1") }
            return text
        })
    static let seed: Option<Int64> = .defaulted(
        "--seed", "S", default: 1, help: "The seed of --search random:N; the same seed draws the same cells (default 1).",
        parse: .integer(in: 0...Int64.max))

    /// The search `invocation` asks for.
    static func requestedSearch(_ invocation: Invocation) -> SweepSearch {
        guard let search = SweepSearch(parsing: invocation[Self.search], seed: UInt64(invocation[Self.seed])) else {
            preconditionFailure("--search was parsed")
        }
        return search
    }

    /// The grid positions of the cells `search` runs over `grid`; more cells than the grid has
    /// is a usage error.
    static func positions(_ search: SweepSearch, in grid: ParameterGrid) throws(CLIError) -> [Int]? {
        guard case .random(let count, _) = search else { return nil }
        guard let positions = search.positions(in: grid) else {
            throw .usage("--search random:\(count): the --param grid has \(grid.count) cells, fewer than \(count)")
        }
        return positions
    }
}
