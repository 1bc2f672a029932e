/// One cell's configuration, `cells/NNNN.json`: the strategy and the parameter values it runs.
public struct SweepCellFile: Codable, Hashable, Sendable {
    public var cell: Int
    public var strategy: String
    public var parameters: [String: String]

    public init(cell: Int, strategy: String, parameters: [String: String]) {
        self.cell = cell
        self.strategy = strategy
        self.parameters = parameters
    }
}
