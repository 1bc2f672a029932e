@testable import Recording
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct EntryArrayPoolTests {
    func entries(_ prices: [Int64]) -> [BookEntry] {
        prices.map { BookEntry(price: Price(cents: $0), qty: 1, isBuy: true) }
    }

    func storage(_ array: [BookEntry]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func storageNobodyHoldsIsRefilledInPlace() {
        var pool = EntryArrayPool(depth: 2)
        var first: [BookEntry]? = pool.make { $0 += entries([1, 2, 3]) }
        let address = storage(first!)
        _ = pool.make { $0 += entries([4]) }
        first = nil
        let third = pool.make { $0 += entries([5, 6]) }
        #expect(third == entries([5, 6]))
        #expect(storage(third) == address)
    }

    @Test func arraysStillHeldNeverChange() {
        var pool = EntryArrayPool(depth: 1)
        var made: [[BookEntry]] = []
        for step in Int64(0)..<5 {
            made.append(pool.make { $0 += entries([step, step + 10]) })
        }
        #expect(made == (Int64(0)..<5).map { entries([$0, $0 + 10]) })
        #expect(Set(made.map(storage)).count == 5)
    }
}
