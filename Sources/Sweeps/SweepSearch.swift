import StrategyKit

/// Which cells of a grid a sweep runs (`--search`): every one (`grid`), or `random:N`, N distinct
/// cells drawn from the seed (`--seed`), the same ones for the same grid, N and seed on every
/// machine. Cells are given by their position in `ParameterGrid.cells` and run in that order.
public enum SweepSearch: Hashable, Sendable {
    case grid
    case random(count: Int, seed: UInt64)

    /// Parses `grid` or `random:N` (N at least 1); `seed` goes with a random search.
    public init?(parsing text: String, seed: UInt64) {
        if text == "grid" {
            self = .grid
            return
        }
        guard text.hasPrefix("random:"), let count = Int(text.dropFirst("random:".count)), count >= 1 else { return nil }
        self = .random(count: count, seed: seed)
    }

    /// How `--search` reads it: `grid` or `random:N`.
    public var text: String {
        switch self {
        case .grid: "grid"
        case .random(let count, _): "random:\(count)"
        }
    }

    /// The positions in `grid` of the cells to run, ascending. A random search draws its cells
    /// by a partial Fisher-Yates shuffle of the positions driven by `SplitMix64(seed:)`; nil
    /// when it asks for more cells than the grid has.
    public func positions(in grid: ParameterGrid) -> [Int]? {
        switch self {
        case .grid:
            return Array(0..<grid.count)
        case .random(let count, let seed):
            guard count <= grid.count else { return nil }
            var random = SplitMix64(seed: seed)
            // The shuffled positions that differ from their place, so a large grid costs only N.
            var moved: [Int: Int] = [:]
            var drawn: [Int] = []
            for slot in 0..<count {
                let pick = Int(random.int(in: Int64(slot)...Int64(grid.count - 1)))
                let chosen = moved[pick] ?? pick
                moved[pick] = moved[slot] ?? slot
                drawn.append(chosen)
            }
            return drawn.sorted()
        }
    }
}
