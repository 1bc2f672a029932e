import Foundation
import StrategyKit
import Synchronization
import Testing

@testable import History

@Suite("History: the order flow's hand-off to the writer", .timeLimit(.minutes(10)))
struct HistoryFlowTests {
    func denial(_ code: String, at time: Int64) -> HistoryDenial {
        HistoryDenial(
            time: Timestamp(nanoseconds: time), strategy: "mm", symbol: "FOOBAR", side: .buy, type: .limit,
            price: Price(cents: 5000), quantity: Quantity(shares: 500), code: code, limit: 100, actual: 500, message: "too big")
    }

    @Test("offer keeps records in order up to the capacity, then drops and counts them; drain empties it")
    func bounded() {
        let flow = HistoryFlow(capacity: 2)
        #expect(flow.offer(.denial(denial("A", at: 1))))
        #expect(flow.offer(.denial(denial("B", at: 2))))
        #expect(!flow.offer(.denial(denial("C", at: 3))))
        #expect(flow.dropped == 1)
        var records: [HistoryFlow.Record] = [.denial(denial("old", at: 0))]
        flow.drain(into: &records)
        #expect(records == [.denial(denial("A", at: 1)), .denial(denial("B", at: 2))])
        flow.drain(into: &records)
        #expect(records.isEmpty)
        #expect(flow.offer(.denial(denial("D", at: 4))))
        #expect(flow.dropped == 1)
        flow.drain(into: &records)
        #expect(records == [.denial(denial("D", at: 4))])
    }

    @Test("drain hands the caller's storage to the engine's side, so that the next records go where the last drain's were")
    func drainSwapsStorage() {
        let flow = HistoryFlow()
        var records: [HistoryFlow.Record] = []
        records.reserveCapacity(64)
        let given = records.withUnsafeBufferPointer { $0.baseAddress }
        flow.offer(.denial(denial("A", at: 1)))
        flow.drain(into: &records)
        #expect(records == [.denial(denial("A", at: 1))])
        flow.offer(.denial(denial("B", at: 2)))
        flow.drain(into: &records)
        #expect(records == [.denial(denial("B", at: 2))])
        #expect(records.withUnsafeBufferPointer { $0.baseAddress } == given)
    }

    @Test("the writer records the handed-over orders, denials and state changes, and reports drops")
    func writerRecordsTheFlow() async throws {
        let sample = try SampleHistory()
        let flow = HistoryFlow(capacity: 3)
        let reports = Mutex<[String]>([])
        var order = HistoryOrder(
            clientID: "c1", venueOrderID: nil, venue: "TESTEX", strategy: "mm", symbol: "FOOBAR", side: .buy, type: .limit,
            price: Price(cents: 5000), quantity: Quantity(shares: 10), sent: Timestamp(nanoseconds: dayOne + 10), state: "sent")
        flow.offer(.order(order))
        order.venueOrderID = 42
        order.acknowledged = Timestamp(nanoseconds: dayOne + 11)
        order.closed = Timestamp(nanoseconds: dayOne + 12)
        order.state = "filled"
        order.filled = Quantity(shares: 10)
        order.averagePrice = Price(cents: 4999)
        flow.offer(.order(order))
        let change = HistoryStateChange(
            time: Timestamp(nanoseconds: dayOne + 13), scope: "account", from: "active", to: "halted", code: "RISK_MAX_LOSS",
            limit: Money(cents: 10_000), actual: Money(cents: 12_000))
        flow.offer(.stateChange(change))
        flow.offer(.denial(denial("RISK_MAX_POSITION", at: dayOne + 14)))
        let writer = HistoryWriter(
            path: sample.database, ledger: sample.ledger, interval: .milliseconds(5), durableSequence: { .max }, flow: flow,
            report: { line in reports.withLock { $0.append(line) } })
        let task = Task { await writer.run() }
        let deadline = ContinuousClock.now + .seconds(300)
        while reports.withLock({ $0.isEmpty }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        flow.offer(.denial(denial("RISK_MAX_ORDER_QTY", at: dayOne + 15)))
        task.cancel()
        await task.value
        let database = try HistoryDatabase.readOnly(path: sample.database)
        #expect(try database.orders() == [order])
        #expect(try database.stateChanges() == [change])
        #expect(try database.denials().map(\.code) == ["RISK_MAX_ORDER_QTY"])
        #expect(reports.withLock { $0 }.count == 1)
        #expect(reports.withLock { $0 }.first?.hasPrefix("1 order-flow records dropped") == true)
    }
}
