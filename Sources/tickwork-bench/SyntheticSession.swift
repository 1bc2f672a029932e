import Foundation
import Recording
import StrategyKit

/// A synthetic market-by-price session of one symbol, made as the peer benchmark makes its own
/// (`../shared/peer-bench/gen_data.py`, turned into books by `samesession/to_tickwork.py`), from
/// a fixed seed, so that the same count always gives the same books:
///
/// - prices on a 10-cent grid around $50,000.00; the best bid is the mid, the best ask one tick
///   above it; the book starts with 20 levels of 5,000 shares a side;
/// - each book follows one depth event: with a chance of 2% the mid moves a tick up or down and
///   the level that would now cross is deleted; otherwise one level 1 to 20 ticks from the mid,
///   on either side, gets a new quantity (exponential, 2,000 shares on average), or is deleted
///   one time in ten;
/// - the book written holds the best 20 levels a side of every level ever set; exchange times
///   100 µs apart on average (exponential), each received 1 ms after.
enum SyntheticSession {
    /// Writes `books` books of FOOBAR at TESTEX to `path`, in the binary form.
    static func write(books: Int, path: String) throws {
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tickwork-bench"), format: .binary)
        var random = SplitMix64(seed: 42)
        // Quantities by tick, the mid's tick in the middle; the mid is kept far from either end.
        let ticks = 20_001
        var quantities = [Int64](repeating: 0, count: ticks)
        var mid = ticks / 2
        for level in 0..<20 {
            quantities[mid - level] = 5_000
            quantities[mid + 1 + level] = 5_000
        }
        let tick = { (index: Int) in Price(cents: 5_000_000 + 10 * Int64(index - ticks / 2)) }
        let exponential = { (random: inout SplitMix64, mean: Double) in
            -mean * log(Double(random.next() >> 11 | 1) / Double(1 << 53))
        }
        var book = BookSnapshot(
            venue: "TESTEX", symbol: "FOOBAR", bids: [], asks: [], exchangeTime: .zero, receivedTime: .zero, sequence: 0)
        var time: Int64 = 1_700_000_000_000_000_000
        for index in 0..<books {
            if random.chance(perMillion: 20_000) {
                let up = random.chance(perMillion: 500_000)
                mid = min(max(mid + (up ? 1 : -1), 1_000), ticks - 1_000)
                quantities[up ? mid : mid + 1] = 0
            } else {
                let isBid = random.chance(perMillion: 500_000)
                let offset = Int(random.int(in: 1...20))
                let quantity = random.chance(perMillion: 100_000) ? 0 : Int64(exponential(&random, 2_000)) + 1
                quantities[isBid ? mid - offset + 1 : mid + offset] = quantity
            }
            book.bids.removeAll(keepingCapacity: true)
            book.asks.removeAll(keepingCapacity: true)
            var bid = mid
            while book.bids.count < 20, bid > 0 {
                if quantities[bid] > 0 {
                    book.bids.append(BookEntry(price: tick(bid), qty: Quantity(shares: quantities[bid]), isBuy: true))
                }
                bid -= 1
            }
            var ask = mid + 1
            while book.asks.count < 20, ask < ticks {
                if quantities[ask] > 0 {
                    book.asks.append(BookEntry(price: tick(ask), qty: Quantity(shares: quantities[ask]), isBuy: false))
                }
                ask += 1
            }
            time += Int64(exponential(&random, 100_000)) + 1
            book.exchangeTime = Timestamp(nanoseconds: time)
            book.receivedTime = Timestamp(nanoseconds: time + 1_000_000)
            book.sequence = UInt64(index + 1)
            try writer.append(.book(book))
        }
        try writer.close()
    }
}
