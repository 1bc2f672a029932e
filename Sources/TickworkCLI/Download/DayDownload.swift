import Alpaca
import CommandLineKit
import Glibc
import Recording
import StrategyKit
import SystemIO
import Wire

/// One symbol's trading day of Alpaca history, written as one compact recording
/// (`DIR/AAPL/2026-11-02.twrc`): the day's session in the header, its quotes as one-level books
/// and its trades as trade records, merged in time order (a quote before a trade of the same
/// instant). The records of the New York calendar day are taken, so that the days of a
/// symbol's directory cover its history without a gap or an overlap.
///
/// Written to `NAME.twrc.partial` and renamed when complete (and synced), so a file under its
/// final name is always whole; a `.partial` a killed download left is started again from the
/// beginning. The bytes depend on nothing but the records and the calendar, so a resumed
/// download writes the same file as one that was never interrupted.
struct DayDownload {
    let client: AlpacaClient
    let symbol: Symbol
    let day: AlpacaCalendarDay
    let venue: Venue
    let feed: AlpacaFeed?
    let quotes: Bool
    let trades: Bool
    /// The records in a page (1...10000).
    let pageSize: Int

    /// What the file writer says, with no time in it, so that a file downloaded again is the same.
    static let producer = "tickwork data download \(Tickwork.version)"

    /// `directory/SYMBOL/DATE.twrc`.
    static func path(in directory: String, _ symbol: Symbol, _ date: String) -> String {
        "\(directory)/\(symbol.rawValue)/\(date).twrc"
    }

    /// Downloads the day into `path` (through `path.partial`), telling `progress` the records
    /// as they are written; returns the file's size. Throws `CLIError.failure` naming the file
    /// or the call at fault.
    func run(into path: String, progress: (Int) -> Void) async throws -> Int {
        let partial = path + ".partial"
        let session = RecordingSession(
            date: day.date, open: day.open, close: day.close, extendedOpen: day.sessionOpen, extendedClose: day.sessionClose)
        let header = RecordingHeader(venue: venue, symbols: [symbol], producer: Self.producer, kind: .books, session: session)
        let writer: RecordingWriter
        do {
            writer = try RecordingWriter(path: partial, header: header, format: .compact)
        } catch {
            throw CLIError.failure("\(error)")
        }
        guard let start = NewYorkTime.instant(date: day.date, time: "00:00"),
              let next = NewYorkTime.day(after: day.date), let end = NewYorkTime.instant(date: next, time: "00:00") else {
            throw CLIError.failure("calendar: \(day.date) is not a date")
        }
        let range = HistoryRange(symbol: symbol, start: start, end: end.advanced(byNanoseconds: -1), feed: feed, limit: pageSize)
        var quotePages = quotes ? HistoryStream(client.historicalQuotes(range)) : nil
        var tradePages = trades ? HistoryStream(client.historicalTrades(range)) : nil
        var written = 0
        var sequence: UInt64 = 0
        do {
            while true {
                let quote = try await quotePages?.peek()
                let trade = try await tradePages?.peek()
                let event: RecordedEvent
                if let quote, trade.map({ quote.time <= $0.time }) ?? true {
                    sequence += 1
                    event = .book(book(quote, sequence: sequence))
                    quotePages?.advance()
                } else if let trade {
                    let print = Trade(symbol: symbol, price: trade.price, qty: trade.size, time: trade.time)
                    event = .trade(RecordedTrade(print, conditions: trade.conditions))
                    tradePages?.advance()
                } else {
                    break
                }
                try writer.append(event)
                written += 1
                if written % 1_000 == 0 { progress(1_000) }
            }
            try writer.close()
        } catch let error as AlpacaError {
            throw CLIError.failure("\(symbol.rawValue) \(day.date): \(error)")
        } catch {
            throw CLIError.failure("\(error)")
        }
        progress(written % 1_000)
        return try Self.commit(partial, as: path)
    }

    /// A quote as a one-level book: its bid and ask with their sizes (a side with no price is
    /// empty), at the quote's time both as the exchange's and as received.
    private func book(_ quote: AlpacaQuote, sequence: UInt64) -> BookSnapshot {
        let bids = quote.bidPrice > .zero ? [BookEntry(price: quote.bidPrice, qty: quote.bidSize, isBuy: true)] : []
        let asks = quote.askPrice > .zero ? [BookEntry(price: quote.askPrice, qty: quote.askSize, isBuy: false)] : []
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: quote.time, receivedTime: quote.time, sequence: sequence)
    }

    /// Makes `partial` durable and gives it its final name; returns its size.
    private static func commit(_ partial: String, as path: String) throws -> Int {
        let files = SystemFileSystem()
        do throws(SystemCallError) {
            let descriptor = try files.open(partial, flags: O_RDONLY | O_CLOEXEC, mode: 0)
            defer { files.close(descriptor) }
            try files.fsync(descriptor, path: partial)
            var status = stat()
            let size = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
            try files.rename(partial, to: path)
            try DurableFile.syncDirectory(DurableFile.directoryName(of: path))
            return size
        } catch {
            throw CLIError.failure("\(path): \(error)")
        }
    }
}

/// The records of a history call's pages, one at a time, fetching the next page when the last
/// one is used up.
struct HistoryStream<Call: AlpacaHistoryCommand> {
    private var pages: HistoryPages<Call>
    private var records: [Call.Item] = []
    private var index = 0
    private var finished = false

    init(_ pages: HistoryPages<Call>) { self.pages = pages }

    /// The next record, nil after the last.
    mutating func peek() async throws(AlpacaError) -> Call.Item? {
        while index == records.count {
            guard !finished, let page = try await pages.next() else {
                finished = true
                return nil
            }
            records = page
            index = 0
        }
        return records[index]
    }

    /// Moves past the record `peek()` gave.
    mutating func advance() { index += 1 }
}
