import Recording
import Sweeps
import Testing

@Suite(.timeLimit(.minutes(10))) struct ParameterGridTests {
    @Test func cellsAreEveryCombinationWithTheFirstAxisSlowest() throws {
        let grid = try ParameterGrid(arguments: ["spread=1,2,4", "size=10,50"])
        #expect(grid.count == 6)
        let cells = grid.cells.map { $0.map { "\($0.name)=\($0.value)" }.joined(separator: " ") }
        #expect(cells == [
            "spread=1 size=10", "spread=1 size=50", "spread=2 size=10", "spread=2 size=50", "spread=4 size=10",
            "spread=4 size=50",
        ])
    }

    @Test func noAxesIsOneCellOfDefaults() throws {
        let grid = try ParameterGrid(arguments: [])
        #expect(grid.count == 1)
        #expect(grid.cells == [[]])
    }

    @Test(arguments: ["spread", "=1", "spread=1,,2", "spread=", "a=1 a=2"])
    func malformedArgumentsAreRefused(argument: String) {
        #expect(throws: BacktestError.self) { try ParameterGrid(arguments: argument.split(separator: " ").map(String.init)) }
    }
}
