import Sweeps
import Testing

/// `--search random:N`: N distinct cells of the grid, the same ones for the same seed.
@Suite(.timeLimit(.minutes(10))) struct SweepSearchTests {
    static let grid = ParameterGrid(axes: [
        ParameterGrid.Axis(name: "a", values: (1...8).map(String.init)),
        ParameterGrid.Axis(name: "b", values: (1...8).map(String.init)),
    ])

    @Test func aRandomSearchDrawsDistinctCellsReproduciblyFromItsSeed() throws {
        let search = try #require(SweepSearch(parsing: "random:10", seed: 42))
        let drawn = try #require(search.positions(in: Self.grid))
        #expect(drawn.count == 10)
        #expect(Set(drawn).count == 10)
        #expect(drawn == drawn.sorted())
        #expect(drawn.allSatisfy { (0..<64).contains($0) })
        #expect(search.positions(in: Self.grid) == drawn)
        #expect(SweepSearch.random(count: 10, seed: 43).positions(in: Self.grid) != drawn)
        // Every cell when N is the grid's size; more is refused.
        #expect(SweepSearch.random(count: 64, seed: 7).positions(in: Self.grid) == Array(0..<64))
        #expect(SweepSearch.random(count: 65, seed: 7).positions(in: Self.grid) == nil)
        #expect(SweepSearch.grid.positions(in: Self.grid) == Array(0..<64))
    }

    @Test func searchTextsParse() {
        #expect(SweepSearch(parsing: "grid", seed: 3) == .grid)
        #expect(SweepSearch(parsing: "random:5", seed: 3) == .random(count: 5, seed: 3))
        for bad in ["random:0", "random:", "random:x", "Grid", "random"] {
            #expect(SweepSearch(parsing: bad, seed: 3) == nil, "\(bad)")
        }
    }

    @Test func aCellAtAPositionIsTheGridsCellThereAndItsCoordinatesLeadBack() {
        let cells = Self.grid.cells
        for position in [0, 1, 8, 63] {
            #expect(Self.grid.cell(at: position) == cells[position])
            #expect(Self.grid.coordinates(of: cells[position]) == [position / 8, position % 8])
        }
        #expect(Self.grid.coordinates(of: [ParameterGrid.Assignment(name: "a", value: "9"), ParameterGrid.Assignment(name: "b", value: "1")]) == nil)
    }
}
