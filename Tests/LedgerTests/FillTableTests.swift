@testable import Ledger
import Testing

/// The ledger's fill table finds every fill it recorded, and its probing stays short whatever
/// the shape of the keys: the work per insert is bounded by counting slots, not by timing.
@Suite(.timeLimit(.minutes(10))) struct FillTableTests {
    /// Key shapes a venue produces: (order id, fill index) for fill number `n`.
    enum Shape: String, CaseIterable, Sendable {
        case oneFillPerOrder, twoFillsPerOrder, fiftyFillsPerOrder, idsInStridesOfAPowerOfTwo

        func key(_ n: Int) -> (order: Int64, index: Int) {
            switch self {
            case .oneFillPerOrder: (Int64(n + 1), 0)
            case .twoFillsPerOrder: (Int64(n / 2 + 1), n % 2)
            case .fiftyFillsPerOrder: (Int64(n / 50 + 1), n % 50)
            case .idsInStridesOfAPowerOfTwo: (Int64(n + 1) << 20, 0)
            }
        }
    }

    @Test(arguments: Shape.allCases) func insertsProbeFewSlotsAndEveryFillIsFound(_ shape: Shape) {
        let fills = 200_000
        var table = FillTable()
        var duplicates = 0
        for n in 0..<fills {
            let key = shape.key(n)
            if table.insert(order: key.order, index: key.index, sequence: UInt64(n + 1)) != nil { duplicates += 1 }
        }
        #expect(duplicates == 0)
        #expect(table.count == fills)
        // Linear probing at a load of at most one half steps over 0.5 slots per insert on
        // average with keys spread evenly; the old home (id + 7 * index) stepped over thousands
        // with two fills per order.
        #expect(Double(table.probes) / Double(table.count) < 1.5, "\(table.probes) probes for \(table.count) fills")
        var found = 0
        for n in 0..<fills {
            let key = shape.key(n)
            if table.sequence(order: key.order, index: key.index) == UInt64(n + 1) { found += 1 }
        }
        #expect(found == fills)
        #expect(table.sequence(order: 0, index: 0) == nil)
    }

    @Test func aFillRecordedTwiceKeepsItsFirstSequence() {
        var table = FillTable()
        #expect(table.insert(order: 7, index: 1, sequence: 3) == nil)
        #expect(table.insert(order: 7, index: 1, sequence: 9) == 3)
        #expect(table.sequence(order: 7, index: 1) == 3)
        #expect(table.count == 1)
    }
}
