import StrategyKit

/// Each cell of a sweep beside its neighbours in the grid, so that a lone lucky cell shows: a
/// cell's neighbours are the cells one step away along one axis (up to two per axis), and a cell
/// whose objective stands far above their mean is flagged. "Far" is more than twice the standard
/// deviation (population) of every cell's value: a smooth ridge of good cells is no alarm, a
/// spike in a flat or poor neighbourhood is.
public struct SweepNeighbours: Sendable {
    /// One cell and its neighbourhood.
    public struct Entry: Sendable {
        public var cell: ParameterSweep.Cell
        /// The cell's place on each axis.
        public var coordinates: [Int]
        public var value: SweepObjective.Value?
        /// The mean objective of its neighbours that ran and have one (money to the unit, toward
        /// zero); nil when none has.
        public var neighbourMean: SweepObjective.Value?
        /// Whether its value is far above `neighbourMean`.
        public var isFarAbove: Bool
    }

    public let grid: ParameterGrid
    public let objective: SweepObjective
    /// The cells given, in their order.
    public let entries: [Entry]

    /// The neighbourhoods of `cells` (any subset of `grid`'s, as a random search runs) by `objective`.
    public init(grid: ParameterGrid, cells: [ParameterSweep.Cell], objective: SweepObjective) {
        self.grid = grid
        self.objective = objective
        let placed = cells.compactMap { cell in grid.coordinates(of: cell.assignments).map { (cell, $0, objective.value(cell.summary)) } }
        var values: [[Int]: SweepObjective.Value] = [:]
        for (_, coordinates, value) in placed { values[coordinates] = value }
        // The spread is a statistic of the values, as a Sharpe ratio is of P&L: in units, as numbers.
        let defined = values.values.map(\.magnitude)
        let mean = defined.reduce(0, +) / Double(max(1, defined.count))
        let deviation = (defined.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(1, defined.count))).squareRoot()
        entries = placed.map { cell, coordinates, value in
            var around: [SweepObjective.Value] = []
            for axis in coordinates.indices {
                for step in [-1, 1] {
                    var neighbour = coordinates
                    neighbour[axis] += step
                    if let value = values[neighbour] { around.append(value) }
                }
            }
            let neighbourMean = Self.mean(around)
            let isFarAbove = value.flatMap { value in neighbourMean.map { value.magnitude - $0.magnitude > 2 * deviation && deviation > 0 } } ?? false
            return Entry(cell: cell, coordinates: coordinates, value: value, neighbourMean: neighbourMean, isFarAbove: isFarAbove)
        }
    }

    /// The mean of `values` (of one objective, so all money or all ratios): money summed
    /// exactly and divided toward zero to a unit; nil for none.
    private static func mean(_ values: [SweepObjective.Value]) -> SweepObjective.Value? {
        guard let first = values.first else { return nil }
        if case .money = first {
            let total = values.reduce(Int64(0)) { if case .money(let money) = $1 { $0 + money.units } else { $0 } }
            return .money(Money(units: total / Int64(values.count)))
        }
        return .ratio(values.map(\.magnitude).reduce(0, +) / Double(values.count))
    }

    /// The entry of the cell at `coordinates`, if it ran.
    public func entry(at coordinates: [Int]) -> Entry? { entries.first { $0.coordinates == coordinates } }

    /// For a grid of two parameters, the objective as a map: a row per value of the first, a
    /// column per value of the second, `*` after the best cell's value (the first of `ranked`),
    /// `!` after a cell far above its neighbours, `.` where no cell ran; nil for other grids.
    public func heatMap(best: ParameterSweep.Cell?) -> [[String]]? {
        guard grid.axes.count == 2 else { return nil }
        let (rows, columns) = (grid.axes[0], grid.axes[1])
        let bestCoordinates = best.flatMap { grid.coordinates(of: $0.assignments) }
        let header = ["\(rows.name) \\ \(columns.name)"] + columns.values
        return [header] + rows.values.indices.map { row in
            [rows.values[row]] + columns.values.indices.map { column in
                guard let entry = entry(at: [row, column]) else { return "." }
                let marks = (entry.coordinates == bestCoordinates ? "*" : "") + (entry.isFarAbove ? "!" : "")
                return objective.text(value: entry.value) + marks
            }
        }
    }
}
