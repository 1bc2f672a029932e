import Backtest
import Foundation
import StrategyKit

/// The three recording forms of one session side by side: bytes per book and the read rate
/// (books/s and MB/s on one core, by the thread's CPU time, the best of three reads) of the JSON
/// Lines, binary and compact forms. The session is TICKWORK_BENCH_SESSION (a recording in any
/// form, e.g. `../shared/peer-bench`'s session.jsonl) or, without it, 1,000,000 books of a
/// 20-level book changed by one level per book (a quantity, or a level inserted or removed), as
/// a market-by-price feed changes it.
enum RecordingFormsBench {
    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickwork-forms-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let given = ProcessInfo.processInfo.environment["TICKWORK_BENCH_SESSION"]
        let source = given ?? directory.appendingPathComponent("generated.twrb").path
        if given == nil { try generate(books: 1_000_000, path: source) }
        var inputs = ["session": given ?? "generated: 1,000,000 books, 20 levels a side, one level changed per book"]
        // TICKWORK_BENCH_FORMS (jsonLines,binary,compact) measures some forms only, e.g. under perf.
        let forms = ProcessInfo.processInfo.environment["TICKWORK_BENCH_FORMS"].map { $0.split(separator: ",").map(String.init) }
        for format in [RecordingFormat.jsonLines, .binary, .compact] where forms?.contains(format.rawValue) ?? true {
            let path = directory.appendingPathComponent("session." + ["jsonLines": "jsonl", "binary": "twrb", "compact": "twrc"][format.rawValue]!).path
            try RecordingConverter.convert(source, to: path, format: format)
            let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            let reads = try (0..<3).map { _ in try BacktestBench.read(path) }
            let best = reads.min { $0.cpuSeconds < $1.cpuSeconds }!
            inputs["form"] = format.rawValue
            inputs["bytes"] = String(bytes)
            inputs["books"] = String(best.books)
            Figure(name: "recording.\(format.rawValue).bytesPerBook", unit: "bytes", value: Double(bytes) / Double(best.books), inputs: inputs).print()
            Figure(
                name: "recording.\(format.rawValue).read", unit: "books/s", value: Double(best.books) / best.cpuSeconds,
                inputs: inputs.merging([
                    "MB/s": String(Int(Double(bytes) / 1e6 / best.cpuSeconds)),
                    "cpuSeconds": reads.map { String(format: "%.3f", $0.cpuSeconds) }.joined(separator: ", "),
                ]) { $1 }
            ).print()
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// Writes `books` books of one symbol whose 20-level sides change by one level per book.
    private static func generate(books: Int, path: String) throws {
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tickwork-bench"), format: .binary)
        var random = SplitMix64(seed: 42)
        let level = { (price: Int64, isBuy: Bool) in BookEntry(price: Price(cents: price), qty: 5_000, isBuy: isBuy) }
        var book = BookSnapshot(
            venue: "TESTEX", symbol: "FOOBAR", bids: (0..<20).map { level(5_000_000 - 10 * Int64($0), true) },
            asks: (0..<20).map { level(5_000_010 + 10 * Int64($0), false) }, exchangeTime: .zero, receivedTime: .zero, sequence: 0)
        for index in 0..<books {
            let isBuy = Bool.random(using: &random)
            var side = isBuy ? book.bids : book.asks
            let at = Int.random(in: 0..<side.count, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where at > 0 && side[at - 1].price.units - side[at].price.units != (isBuy ? 1 : -1) * Price(cents: 1).units:
                // A new level between two: the last falls off.
                let price = Price(units: (side[at - 1].price.units + side[at].price.units) / 2)
                side.insert(BookEntry(price: price, qty: Quantity(shares: Int64.random(in: 1...9_999, using: &random)), isBuy: isBuy), at: at)
                side.removeLast()
            case 1:
                // A level emptied: the next one beyond the last comes in.
                side.remove(at: at)
                let step = Price(cents: isBuy ? -10 : 10).units
                side.append(BookEntry(price: Price(units: side[side.count - 1].price.units + step), qty: 5_000, isBuy: isBuy))
            default:
                side[at].qty = Quantity(shares: Int64.random(in: 1...9_999, using: &random))
            }
            if isBuy { book.bids = side } else { book.asks = side }
            let time = Int64(1_700_000_000_000_000_000) + Int64(index) * 110_000
            book.exchangeTime = Timestamp(nanoseconds: time)
            book.receivedTime = Timestamp(nanoseconds: time + 1_000_000)
            book.sequence = UInt64(index + 1)
            try writer.append(.book(book))
        }
        try writer.close()
    }
}
