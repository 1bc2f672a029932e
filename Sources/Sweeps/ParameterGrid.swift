import Recording

/// The cells of a parameter sweep: every combination of the values given for each parameter,
/// as `--param spread=1,2,4 --param size=10,50` asks (six cells).
public struct ParameterGrid: Hashable, Sendable {
    /// One parameter and the values to try, in the order given.
    public struct Axis: Hashable, Sendable, Codable {
        public var name: String
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// One parameter's value in a cell.
    public struct Assignment: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public var axes: [Axis]

    /// `cell`'s values by parameter name, as `--param` texts (what a sweep's cell files and
    /// results hold).
    public static func texts(_ cell: [Assignment]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: cell.map { ($0.name, $0.value) })
    }

    public init(axes: [Axis]) {
        self.axes = axes
    }

    /// Parses `name=value[,value...]` arguments; a name given twice or an empty name or value
    /// is refused.
    public init(arguments: [String]) throws(BacktestError) {
        var axes: [Axis] = []
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw .badParameter(argument: argument, reason: "expected name=value[,value...]")
            }
            let name = String(argument[..<equals])
            let values = argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !name.isEmpty else { throw .badParameter(argument: argument, reason: "the name is empty") }
            guard !values.contains(where: \.isEmpty) else {
                throw .badParameter(argument: argument, reason: "a value is empty")
            }
            guard !axes.contains(where: { $0.name == name }) else {
                throw .badParameter(argument: argument, reason: "\(name) is given twice")
            }
            axes.append(Axis(name: name, values: values))
        }
        self.axes = axes
    }

    /// How many cells the grid has (1 with no axes: the defaults alone).
    public var count: Int { axes.reduce(1) { $0 * $1.values.count } }

    /// Every combination, the first axis varying slowest; each cell lists its assignments in
    /// axis order. Always the same order for the same axes.
    public var cells: [[Assignment]] {
        axes.reduce([[]]) { partial, axis in
            partial.flatMap { cell in axis.values.map { cell + [Assignment(name: axis.name, value: $0)] } }
        }
    }

    /// The cell at `position` of `cells`, without listing the others.
    public func cell(at position: Int) -> [Assignment] {
        precondition(position >= 0 && position < count, "a cell of the grid")
        var rest = position
        var cell: [Assignment] = []
        for axis in axes.reversed() {
            cell.append(Assignment(name: axis.name, value: axis.values[rest % axis.values.count]))
            rest /= axis.values.count
        }
        return cell.reversed()
    }

    /// The cells at `positions`, in the order given.
    public func cells(at positions: [Int]) -> [[Assignment]] { positions.map(cell(at:)) }

    /// Where each of `cell`'s values stands on its axis (the first of equal values); nil for a
    /// cell that is not the grid's.
    public func coordinates(of cell: [Assignment]) -> [Int]? {
        guard cell.count == axes.count else { return nil }
        var coordinates: [Int] = []
        for (axis, assignment) in zip(axes, cell) {
            guard axis.name == assignment.name, let index = axis.values.firstIndex(of: assignment.value) else { return nil }
            coordinates.append(index)
        }
        return coordinates
    }
}
