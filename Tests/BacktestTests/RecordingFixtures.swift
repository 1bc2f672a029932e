import Foundation
import Glibc
import Recording
import SimulatedMarket
import StrategyKit
import Testing
import TestSupport
import Trading

enum RecordingFixtures {
    static let header = RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests", kind: .session)

    /// `header` as a file of `format` holds it: the compact form says its own version.
    static func header(in format: RecordingFormat) -> RecordingHeader {
        var written = header
        if format == .compact { written.version = RecordingHeader.compactVersion }
        return written
    }

    /// A temporary path that the caller removes.
    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-\(UUID().uuidString)-\(suffix)").path
    }

    static func book(
        sequence: UInt64, time: Int64, bids: [(Int64, Int64)], asks: [(Int64, Int64)], symbol: Symbol = "FOOBAR"
    ) -> BookSnapshot {
        BookSnapshot.fixture(
            bids: bids, asks: asks, symbol: symbol, exchangeTime: Timestamp(nanoseconds: time - 1_000),
            receivedTime: Timestamp(nanoseconds: time), sequence: sequence)
    }

    /// Random books and, every few records, one of each other kind.
    static func events(count: Int, seed: UInt64) -> [RecordedEvent] {
        var random = SplitMix64(seed: seed)
        var events: [RecordedEvent] = []
        for index in 0..<count {
            let time = 1_700_000_000_000_000_000 + Int64(index) * 250_000_000
            let bids = (0..<Int.random(in: 0...12, using: &random)).map { level in
                (Int64(5000 - level), Int64.random(in: 1...500, using: &random))
            }
            let asks = (0..<Int.random(in: 0...12, using: &random)).map { level in
                (Int64(5001 + level), Int64.random(in: 1...500, using: &random))
            }
            events.append(.book(book(sequence: UInt64(index + 1), time: time, bids: bids, asks: asks)))
            guard index % 7 == 3 else { continue }
            let request = OrderRequest(symbol: "FOOBAR", side: .buy, type: .immediateOrCancel, price: 5001, qty: 10, tag: "q\"uote")
            let at = Timestamp(nanoseconds: time + 1)
            let client = ClientOrderID(rawValue: UInt64(index))
            let status = OrderStatus(
                id: OrderID(Int64(index)), venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: .buy,
                type: .immediateOrCancel, price: 5001, originalQty: 10, qty: 0, ts: at,
                fills: [OrderFill(price: 5001, qty: 4, ts: at)], totalFilled: 4, open: false)
            events += [
                .place(client, request, strategy: "mm", time: at),
                .placed(client, status, time: at),
                .fill(Fill(
                    venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: status.id, index: 0,
                    side: .buy, price: 5001, qty: 4, time: at, strategyID: "mm")),
                .placeRejected(client, reason: "RISK_MAX_POSITION", time: at),
                .placeOutcomeUnknown(client, time: at),
                .cancel(status.id, venue: "TESTEX", symbol: "FOOBAR", time: at),
                .cancelFailed(status.id, reason: "timeout", time: at),
                .orderReports([status, status], time: at),
                .accountOrders([status], venue: "TESTEX", symbol: index % 2 == 0 ? nil : "FOOBAR", requestedAt: at, time: at),
                .tradingStateChanged("RISK_MAX_LOSS account: active -> halted", time: at),
                .timer(at),
                .trade(RecordedTrade(Trade(symbol: "FOOBAR", price: 5001, qty: 4, time: at, isOurs: true))),
                .trade(RecordedTrade(
                    Trade(symbol: "FOOBAR", price: Price(units: 50_012_345 + Int64(index)), qty: Quantity(shares: Int64(index + 1)), time: at),
                    receivedTime: Timestamp(nanoseconds: time + 2_500), conditions: index % 2 == 0 ? ["@", "F", "T"] : [])),
                .filing(
                    Filing(
                        symbol: "FOOBAR", form: "8-K", accessionNumber: "0000320193-26-\(index)", accepted: Timestamp(nanoseconds: time),
                        filingDate: "2026-12-01", items: index % 2 == 0 ? ["2.02", "9.01"] : [],
                        documentURL: "https://www.sec.gov/Archives/edgar/data/320193/x/doc.htm", companyName: "Foobar \"Simulated\" Inc."),
                    time: at),
                .start(at),
                .stop(at),
            ]
        }
        return events
    }

    static func write(_ events: [RecordedEvent], to path: String, format: RecordingFormat) throws {
        let writer = try RecordingWriter(path: path, header: header, format: format)
        for event in events { try writer.append(event) }
        try writer.close()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Makes a named pipe at `fifo` holding `events` recorded in `format` (written through
    /// `file`); returns the pipe's write end, open until the caller closes it (the reader sees
    /// the end of the recording then).
    static func pipe(_ events: [RecordedEvent], format: RecordingFormat, through file: String, at fifo: String) throws -> Int32 {
        try write(events, to: file, format: format)
        let bytes = try bytes(file)
        try #require(bytes.count < 60_000, "the whole recording fits in the pipe's buffer, so writing never blocks")
        try #require(mkfifo(fifo, 0o600) == 0)
        // Read-write: opening does not wait for a reader, and the reader's open does not wait.
        let writer = open(fifo, O_RDWR)
        try #require(writer >= 0)
        try #require(bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count)
        return writer
    }
}
