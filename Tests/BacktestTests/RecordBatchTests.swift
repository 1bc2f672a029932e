@testable import Recording
import StrategyKit
import Testing

/// A batch gives back what was appended, in order, once each, and a batch released before it is
/// emptied lets go of the records still in it, and only of those.
@Suite(.timeLimit(.minutes(10))) struct RecordBatchTests {
    func book(_ sequence: UInt64, bids: [BookEntry]) -> RecordedEvent {
        .book(
            BookSnapshot(
                venue: "TESTEX", symbol: "FOOBAR", bids: bids, asks: [], exchangeTime: Timestamp(nanoseconds: Int64(sequence)),
                receivedTime: Timestamp(nanoseconds: Int64(sequence)), sequence: sequence))
    }

    /// Whether `entries`' storage is held by nothing else: writing to it then keeps it in place,
    /// where a shared one is copied first (so a second call says true).
    func isUnique(_ entries: inout [BookEntry]) -> Bool {
        let before = entries.withUnsafeBufferPointer { $0.baseAddress }
        entries[0].qty = Quantity(shares: entries[0].qty.shares + 1)
        return entries.withUnsafeBufferPointer { $0.baseAddress } == before
    }

    @Test func recordsComeOutInTheOrderTheyWentInThenNil() {
        let batch = RecordBatch(capacity: 3)
        let events = [book(1, bids: []), .timer(Timestamp(nanoseconds: 5)), book(2, bids: [])]
        for event in events { batch.append(event) }
        #expect(batch.isFull)
        #expect(batch.count == 3)
        var taken: [RecordedEvent] = []
        while let event = batch.take() { taken.append(event) }
        #expect(taken == events)
        #expect(batch.take() == nil)
    }

    @Test func aBatchReleasedPartlyTakenLetsGoOfTheRecordsLeftAndOfNoOther() {
        var kept = [BookEntry(price: Price(cents: 100), qty: Quantity(shares: 5), isBuy: true)]
        var left = [BookEntry(price: Price(cents: 99), qty: Quantity(shares: 7), isBuy: true)]
        var taken: RecordedEvent?
        do {
            let batch = RecordBatch(capacity: 4)
            batch.append(book(1, bids: kept))
            batch.append(book(2, bids: left))
            batch.append(book(3, bids: left))
            taken = batch.take()
        }
        // Left in the batch, the two later books held `left` until it was released; the first,
        // taken, still holds `kept`.
        #expect(isUnique(&left))
        #expect(!isUnique(&kept))
        #expect(taken == book(1, bids: [BookEntry(price: Price(cents: 100), qty: Quantity(shares: 5), isBuy: true)]))
    }
}
